import { readFile } from "node:fs/promises";
import { createSecureContext } from "node:tls";

export interface TlsPair {
  cert: Buffer;
  key: Buffer;
}

/**
 * The webhook's certificate and key as files. cert-manager (or whoever owns the Secret) renews them
 * in the mounted volume without restarting the pod, and the API server refuses the old certificate
 * once it expires, so the server re-reads them: `changed()` answers a new pair only once the key
 * matches the certificate, since the kubelet may be caught between writing one file and the other.
 */
export class TlsFiles {
  private current: TlsPair | undefined;

  constructor(private readonly certFile: string, private readonly keyFile: string) {}

  async read(): Promise<TlsPair> {
    this.current = await this.load();
    return this.current;
  }

  /** The pair when it differs from the one last answered; undefined when unchanged; throws when it does not make a usable pair. */
  async changed(): Promise<TlsPair | undefined> {
    const pair = await this.load();
    if (this.current && pair.cert.equals(this.current.cert) && pair.key.equals(this.current.key)) return undefined;
    createSecureContext(pair);
    this.current = pair;
    return pair;
  }

  private async load(): Promise<TlsPair> {
    const [cert, key] = await Promise.all([readFile(this.certFile), readFile(this.keyFile)]);
    return { cert, key };
  }
}
