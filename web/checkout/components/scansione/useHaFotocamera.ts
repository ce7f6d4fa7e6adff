import { useEffect, useState } from 'react';

/**
 * Whether the device has a camera: a 'videoinput' among its media devices, checked again when
 * devices come and go. False without navigator.mediaDevices (an insecure origin, an old browser).
 */
export function useHaFotocamera(): boolean {
  const [ha, setHa] = useState(false);
  useEffect(() => {
    const dispositivi = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!dispositivi?.enumerateDevices) return;
    let attivo = true;
    const verifica = () => {
      dispositivi.enumerateDevices()
        .then((d) => attivo && setHa(d.some((x) => x.kind === 'videoinput')))
        .catch(() => attivo && setHa(false));
    };
    verifica();
    dispositivi.addEventListener('devicechange', verifica);
    return () => {
      attivo = false;
      dispositivi.removeEventListener('devicechange', verifica);
    };
  }, []);
  return ha;
}
