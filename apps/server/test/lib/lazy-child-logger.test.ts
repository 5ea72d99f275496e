import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from '../../src/lib/lazy-child-logger';

describe('lazy child logger', () => {
  it('writes what a request logs with its request id, at the levels and with the arguments pino takes', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level: 'debug', stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
      disableRequestLogging: true,
      childLoggerFactory: lazyChildLoggerFactory,
    });
    app.get('/', async (request) => {
      request.log.info({ rideId: 'r1' }, 'hello %s', 'world');
      request.log.warn('plain');
      request.log.debug('seen at debug');
      request.log.trace('not seen below debug');
      request.log.child({ part: 'inner' }).error('from a grandchild');
      return { level: request.log.level };
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(response.json()).toEqual({ level: 'debug' });
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines.map((line) => [line.level, line.msg])).toEqual([
      [30, 'hello world'],
      [40, 'plain'],
      [20, 'seen at debug'],
      [50, 'from a grandchild'],
    ]);
    expect(requestLines[0]).toMatchObject({ rideId: 'r1' });
    expect(requestLines[3]).toMatchObject({ part: 'inner' });
    expect(new Set(requestLines.map((line) => line.reqId)).size).toBe(1);
  });

  it('makes no pino child for a request that logs nothing, and one for a request that does', async () => {
    let children = 0;
    /** The logger Fastify hands the factory, with its child() counted. */
    const counted = (logger: FastifyBaseLogger) =>
      new Proxy(logger, {
        get(target, property, receiver) {
          if (property !== 'child') return Reflect.get(target, property, receiver) as unknown;
          return (...args: Parameters<FastifyBaseLogger['child']>) => {
            children += 1;
            return target.child(...args);
          };
        },
      });
    const app = Fastify({
      loggerInstance: pino({ level: 'info' }, { write: () => undefined }),
      disableRequestLogging: true,
      childLoggerFactory: (logger, bindings, options) => lazyChildLoggerFactory(counted(logger), bindings, options),
    });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/talks', async (request) => {
      request.log.info('said');
      request.log.info('said again');
      return { ok: true };
    });
    await app.ready();
    const before = children;
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(children - before).toBe(0);
    await app.inject({ method: 'GET', url: '/talks' });
    expect(children - before).toBe(1);
    await app.close();
  });
});
