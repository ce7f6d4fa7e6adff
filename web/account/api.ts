import { useMutation } from '@tanstack/react-query';
import { contattiApi, type ContattoRequest } from '../../shared/contatti.js';
import { callApi } from '../lib/api';

/** POST contatti/invia: the contact form's message (DESIGN §4: the path the spec leaves open). */
export const useInviaContatto = () =>
  useMutation({ mutationFn: (body: ContattoRequest) => callApi(contattiApi.invia, body) });
