import net from 'node:net';

/** A download whose client stopped reading: the answer's status and head, and its socket (destroy it to let go). */
export interface DownloadFermo {
  status: number;
  testa: string;
  socket: net.Socket;
}

/**
 * A GET on a raw socket whose client reads the answer's head and then nothing more, as a client
 * that never drains its receive window: the server's writes pile up in the kernel's buffers and
 * then in its own, while the socket stays open. `testa` resolves with the head, or never when the
 * server never answers (the socket is there to destroy either way).
 */
export function apriDownloadFermo(port: number, percorso: string, headers: Record<string, string>): { socket: net.Socket; testa: Promise<DownloadFermo> } {
  const socket = net.connect({ port, host: '127.0.0.1' });
  const testa = new Promise<DownloadFermo>((resolve, reject) => {
    let letto = '';
    const alPrimoErrore = (err: Error) => reject(err);
    socket.once('error', alPrimoErrore);
    const leggi = (c: Buffer) => {
      letto += c.toString('latin1');
      const fine = letto.indexOf('\r\n\r\n');
      if (fine < 0) return;
      socket.off('data', leggi);
      socket.pause();
      socket.off('error', alPrimoErrore);
      // A reset by the server (a download cut) is what some tests wait for, not a failure.
      socket.on('error', () => {});
      resolve({ status: Number(letto.slice(9, 12)), testa: letto.slice(0, fine), socket });
    };
    socket.on('data', leggi);
  });
  const righe = Object.entries({ host: '127.0.0.1', ...headers }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.write(`GET ${percorso} HTTP/1.1\r\n${righe}\r\n`);
  return { socket, testa };
}

/** apriDownloadFermo, once its head has come. */
export const downloadFermo = (port: number, percorso: string, headers: Record<string, string>): Promise<DownloadFermo> =>
  apriDownloadFermo(port, percorso, headers).testa;

/** A header of a raw answer's head, lower-cased name. */
export const headerDi = (testa: string, nome: string) =>
  new RegExp(`^${nome}: *(.*)$`, 'im').exec(testa)?.[1]?.trim();
