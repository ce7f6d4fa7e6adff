import net from 'node:net';

export interface SmtpTrattenuto {
  porta: number;
  /** Messages received whole (their DATA ended), answered or not. */
  ricevuti: () => number;
  /** Answers the messages held so far, and every later one at once. */
  rilascia: () => void;
  chiudi: () => Promise<void>;
}

/**
 * An SMTP server on loopback that takes a message whole and holds its final answer (250) until
 * the test lets go: the mail job that sends it is running, for as long as the test wants. It
 * speaks just what nodemailer asks for (EHLO, MAIL, RCPT, DATA, QUIT), without TLS or login.
 */
export async function avviaSmtpTrattenuto(): Promise<SmtpTrattenuto> {
  let ricevuti = 0;
  let trattieni = true;
  const inAttesa: (() => void)[] = [];
  const aperte = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    aperte.add(socket);
    socket.on('close', () => aperte.delete(socket));
    socket.on('error', () => {});
    socket.write('220 prova ESMTP\r\n');
    let dati = false;
    let buffer = '';
    socket.on('data', (d: Buffer) => {
      buffer += d.toString('latin1');
      for (;;) {
        if (dati) {
          const fine = buffer.indexOf('\r\n.\r\n');
          if (fine < 0) return;
          buffer = buffer.slice(fine + 5);
          dati = false;
          ricevuti++;
          const rispondi = () => { if (!socket.destroyed) socket.write('250 2.0.0 accettato\r\n'); };
          if (trattieni) inAttesa.push(rispondi);
          else rispondi();
          continue;
        }
        const a = buffer.indexOf('\r\n');
        if (a < 0) return;
        const comando = buffer.slice(0, a).slice(0, 4).toUpperCase();
        buffer = buffer.slice(a + 2);
        if (comando === 'EHLO') socket.write('250-prova\r\n250 8BITMIME\r\n');
        else if (comando === 'DATA') { socket.write('354 avanti\r\n'); dati = true; }
        else if (comando === 'QUIT') socket.end('221 ciao\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    porta: (server.address() as net.AddressInfo).port,
    ricevuti: () => ricevuti,
    rilascia: () => {
      trattieni = false;
      for (const r of inAttesa.splice(0)) r();
    },
    chiudi: () => new Promise((r) => {
      server.close(() => r());
      // Connections a pooled client keeps open would hold close() for ever.
      for (const s of aperte) s.destroy();
    }),
  };
}
