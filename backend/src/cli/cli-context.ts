import 'reflect-metadata';
import {
  Module,
  type DynamicModule,
  type INestApplicationContext,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig, type AppConfig } from '../config/app-config';
import { InfrastructureModule } from '../infrastructure/infrastructure.module';
import { runEntryPoint } from '../infrastructure/startup-error';

@Module({})
class CliModule {
  static forRoot(config: AppConfig, features: Type[]): DynamicModule {
    return {
      module: CliModule,
      imports: [InfrastructureModule.forRoot(config, 'cli'), ...features],
    };
  }
}

/** Runs a command-line task inside an application context with the given feature modules. */
export function runCli(
  features: Type[],
  task: (context: INestApplicationContext, config: AppConfig) => Promise<string>,
): void {
  let config: AppConfig | undefined;
  runEntryPoint(
    async () => {
      config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
      const context = await NestFactory.createApplicationContext(
        CliModule.forRoot(config, features),
        { logger: false },
      );
      try {
        process.stdout.write(`${await task(context, config)}\n`);
      } finally {
        await context.close();
      }
    },
    () => config?.mongoUrl,
  );
}
