/**
 * What the delivery job tells an observer (the metrics) about each mail it handles. A port, so the
 * mail module knows nothing of Prometheus; the default does nothing.
 */
export type MailEvents = {
  /** The mail server accepted a mail. */
  sent(): void;
  /** No SMTP server is configured: a mail was printed to the log instead. */
  logged(): void;
  /** An attempt failed; `gaveUp` when it was the last one (the mail is now `failed`). */
  attemptFailed(gaveUp: boolean): void;
};

export const ignoreMailEvents: MailEvents = { sent: () => undefined, logged: () => undefined, attemptFailed: () => undefined };
