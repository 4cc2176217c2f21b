export interface MailPeer {
  url: string;
  mails: string[];
  waitForLink(email: string, pathPrefix?: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}
export function startMailPeer(port: number): Promise<MailPeer>;
export function confirmThroughPeer(
  peer: MailPeer,
  email: string,
  headers?: Record<string, string>,
): Promise<number>;
