/**
 * The alert as the client reads it. Provisional until packages/contracts/src/alerts.ts lands (helper srv-alerts):
 * then these become re-exports of the contract's types.
 */
export type AlertStatus = 'active' | 'paused' | 'triggered' | 'expired';

export type Alert = {
  id: string;
  name: string;
  type: string;
  symbol: string | null;
  condition: Record<string, unknown>;
  trigger: string;
  status: AlertStatus;
  expiresAt: string | null;
  message: string;
  delivery: { app: boolean; toast: boolean; sound: boolean; email: boolean; webhookUrl: string | null };
  lastFiredAt: string | null;
  fireCount: number;
  createdAt: string;
  updatedAt: string;
};

export type AlertLogEntry = {
  id: string;
  kind: string;
  at: string;
  message: string;
  attempt?: number | null;
  statusCode?: number | null;
  ok?: boolean | null;
};

export type AlertBody = Record<string, unknown>;
