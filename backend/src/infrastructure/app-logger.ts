import { Injectable, type LoggerService } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, type ModulesContainer } from '@nestjs/core';
import { Logger } from 'nestjs-pino';

/** Nest's start-up lines per controller and per route, which LOG_LEVEL=debug still shows. */
const PER_ROUTE_CONTEXTS = new Set(['RoutesResolver', 'RouterExplorer']);

/**
 * The processes' Nest logger (pino, through nestjs-pino), with Nest's line per route and per
 * controller at start-up moved down to debug: at the default level the API prints one line per
 * module instead (moduleRouteLines).
 */
@Injectable()
export class AppLogger extends Logger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && PER_ROUTE_CONTEXTS.has(context)) {
      this.debug(message, ...optionalParams);
    } else {
      super.log(message, ...optionalParams);
    }
  }
}

/** One line per module that has routes: `ReviewsModule: 2 controllers, 14 routes`. */
export function moduleRouteLines(modules: ModulesContainer): string[] {
  const scanner = new MetadataScanner();
  const lines: string[] = [];
  for (const module of modules.values()) {
    const controllers = [...module.controllers.values()].flatMap(({ metatype }) =>
      typeof metatype === 'function' ? [metatype] : [],
    );
    if (controllers.length === 0) continue;
    const routes = controllers
      .map((controller) => {
        const prototype = controller.prototype as Record<string, object>;
        return scanner
          .getAllMethodNames(prototype)
          .filter((name) => Reflect.getMetadata(PATH_METADATA, prototype[name]) !== undefined)
          .length;
      })
      .reduce((sum, count) => sum + count, 0);
    const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
    lines.push(
      `${module.metatype.name}: ${plural(controllers.length, 'controller')}, ${plural(routes, 'route')}`,
    );
  }
  return lines;
}

/** Logs moduleRouteLines, in the context `Routes`. */
export function logModuleRoutes(modules: ModulesContainer, logger: LoggerService): void {
  for (const line of moduleRouteLines(modules)) logger.log(line, 'Routes');
}
