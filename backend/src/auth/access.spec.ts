import { Controller, Get, Post } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { Access, undeclaredRoutes } from './access';

@Access('signed-in')
@Controller('declared-by-class')
class DeclaredByClass {
  @Get() read(): void {}
  @Access('public') @Get('open') open(): void {}
}

@Controller('mixed')
class Mixed {
  @Access('public') @Get() read(): void {}
  @Post() forgotten(): void {}
  /** Not a route: needs no declaration. */
  helper(): void {}
}

async function undeclaredIn(...controllers: (new () => unknown)[]): Promise<string[]> {
  const module = await Test.createTestingModule({ controllers }).compile();
  return undeclaredRoutes(module.get(ModulesContainer));
}

describe('undeclaredRoutes', () => {
  it('accepts routes declared on themselves or by their controller', async () => {
    await expect(undeclaredIn(DeclaredByClass)).resolves.toEqual([]);
  });

  it('names each route that declares no access', async () => {
    await expect(undeclaredIn(DeclaredByClass, Mixed)).resolves.toEqual(['Mixed.forgotten']);
  });
});
