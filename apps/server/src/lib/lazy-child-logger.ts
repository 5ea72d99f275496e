import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogArguments = [obj: unknown, msg?: string, ...args: unknown[]];

/**
 * A request's logger that becomes a real pino child (with the request id bound) only when something
 * is written through it. Fastify makes one per request; most requests log nothing (request logging
 * is off outside debug, docs/decisions/016), and a pino child costs its bindings' serialization and
 * redaction set-up on every request: a few per cent of a signed-in GET (bench/api.ts).
 */
export class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** The pino child, made on first use. */
  private get logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: LogArguments): void {
    Reflect.apply(this.logger.fatal, this.logger, args);
  }

  error(...args: LogArguments): void {
    Reflect.apply(this.logger.error, this.logger, args);
  }

  warn(...args: LogArguments): void {
    Reflect.apply(this.logger.warn, this.logger, args);
  }

  info(...args: LogArguments): void {
    Reflect.apply(this.logger.info, this.logger, args);
  }

  debug(...args: LogArguments): void {
    Reflect.apply(this.logger.debug, this.logger, args);
  }

  trace(...args: LogArguments): void {
    Reflect.apply(this.logger.trace, this.logger, args);
  }

  silent(...args: LogArguments): void {
    Reflect.apply(this.logger.silent, this.logger, args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is a LazyChildLogger. */
export const lazyChildLoggerFactory = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger =>
  new LazyChildLogger(logger, bindings, options);
