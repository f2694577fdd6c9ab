/**
 * What a terminal does whatever screen it shows: asks the server about itself every few seconds
 * (a revoked terminal answers 401 and goes back to its message within 5 s), and sends the changes
 * people left waiting offline when the network returns, each as its own person.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { keepSendingOutbox } from '../../../lib/outbox';
import { getSession } from '../../../lib/session';
import { updateTerminal, useTerminal } from '../../../lib/terminal-device';
import { currentTerminalQueryOptions, deviceQueryClient } from '../api/terminals';
import { forgetPerson, TERMINAL_HOME } from '../api/person-session';

/** Whether the server refused the terminal's credential (revoked, or unknown). */
export function isRefusedTerminal(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

export function useTerminalDevice(): { revoked: boolean; message: string | null } {
  const terminal = useTerminal();
  const client = useQueryClient();
  const navigate = useNavigate();
  const current = useQuery({ ...currentTerminalQueryOptions(), enabled: terminal !== null }, deviceQueryClient);
  const revoked = isRefusedTerminal(current.error);

  // Name or idle minutes changed on the administration screen: this device follows.
  const data = current.data;
  useEffect(() => {
    if (!data || !terminal) return;
    if (
      data.nombre !== terminal.nombre ||
      data.minutos_inactividad !== terminal.minutos_inactividad ||
      data.area.uuid !== terminal.area.uuid
    ) {
      updateTerminal({ nombre: data.nombre, minutos_inactividad: data.minutos_inactividad, area: data.area });
    }
  }, [data, terminal]);

  // Revoked with someone signed in: their session ends and the terminal says why.
  useEffect(() => {
    if (!revoked || !getSession().token) return;
    forgetPerson(client, 'revocada');
    void navigate(TERMINAL_HOME, { replace: true });
  }, [revoked, client, navigate]);

  useEffect(() => (terminal ? keepSendingOutbox(client) : undefined), [client, terminal]);

  return { revoked, message: revoked && isApiError(current.error) ? current.error.message : null };
}
