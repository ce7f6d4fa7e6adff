import { useMutation } from '@tanstack/react-query';
import { esito } from '../../shared/common.js';
import type { ContattoRequest } from '../../shared/contatti.js';
import { api } from '../lib/api';

/** POST contatti/invia: the contact form's message (DESIGN §4: the path the spec leaves open). */
export const useInviaContatto = () =>
  useMutation({ mutationFn: (body: ContattoRequest) => api.post('contatti/invia', esito, body) });
