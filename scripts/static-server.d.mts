export function serveStorefront(options: {
  dir: string;
  config?: { medusaUrl: string; publishableKey: string };
  port?: number;
  host?: string;
}): Promise<{ url: string; close: () => Promise<void> }>;
export function contentSecurityPolicy(medusaUrl: string | undefined): string;
