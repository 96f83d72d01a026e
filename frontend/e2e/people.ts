import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { uniqueTag } from './unique-tag';
import { expect, newAppPage } from './app';

/** People and reviews made through the API, for the specs that need them set up. */

export interface Account {
  email: string;
  name: string;
  accessToken: string;
}

export interface Service {
  _id: string;
  title: string;
}

/** A page in a browser context of its own, signed in as a new user through the page's request. */
export async function pageOfNewUser(browser: Browser, name: string): Promise<[Page, Account]> {
  const page = await newAppPage(browser);
  return [page, await registerUser(page.request, name)];
}

/**
 * The admin the seed creates outside production (backend/src/config/admin-defaults.ts; Playwright
 * cannot load that CommonJS file into this ES module), unless the environment names another.
 */
export const admin = {
  email: process.env.ADMIN_EMAIL ?? 'admin@servicecritic.local',
  password: process.env.ADMIN_PASSWORD ?? 'change-me-admin-2026',
};

/** A phrase no other test writes, to find one review among everyone's. */
export const uniqueText = (what: string) => `${what} ${uniqueTag()}`;

/**
 * Signs a fresh user up through the API. `request` is the page's own (`page.request`), so the
 * refresh cookie it receives signs the browser in on the next page load.
 */
export async function registerUser(request: APIRequestContext, name: string): Promise<Account> {
  const email = `${name.toLowerCase()}-${randomUUID()}@example.com`;
  const response = await request.post('/api/register', {
    data: { name, email, password: 'a-long-password-2026' },
  });
  expect(response.status()).toBe(201);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { email, name, accessToken };
}

export async function logInAsAdmin(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: admin });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

export async function services(request: APIRequestContext): Promise<Service[]> {
  const response = await request.get('/api/services?limit=14');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Service[];
}

/**
 * Adds a review through the API; answers its id. Its title is the service's without digits: other
 * tests' services carry a timestamp, and nine digits in a review read as a phone number to
 * moderation, which would hold it.
 */
export async function addReview(
  request: APIRequestContext,
  author: Account,
  service: Service,
  details: string,
): Promise<string> {
  const title = service.title.replace(/\d/g, '').trim() || 'Courier';
  const response = await request.post('/api/addreviews', {
    headers: { authorization: `Bearer ${author.accessToken}` },
    data: { title, serviceID: 4242, details, rating: 3, service: service._id },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** The statuses of the author's reviews, as the API tells the author. */
export async function reviewStatuses(
  request: APIRequestContext,
  author: Account,
): Promise<string[]> {
  const response = await request.get(`/api/myreviews?email=${encodeURIComponent(author.email)}`, {
    headers: { authorization: `Bearer ${author.accessToken}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { status: string }[]).map((review) => review.status);
}

export const reviewCard = (page: Page, text: string): Locator =>
  page.getByRole('article').filter({ hasText: text });

/** Adds a service as `owner` through the API (a unique title and description, so it is listed). */
export async function addService(request: APIRequestContext, owner: Account): Promise<Service> {
  const letters = uniqueTag();
  const title = `Courier ${letters}`;
  const response = await request.post('/api/addservices', {
    headers: { authorization: `Bearer ${owner.accessToken}` },
    data: {
      title,
      price: 20,
      image: '/images/services/document-courier.svg',
      details: `Parcels across town before the evening, on the ${letters} route.`,
    },
  });
  expect(response.status()).toBe(201);
  return { _id: ((await response.json()) as { insertedId: string }).insertedId, title };
}

/** An invitation link the owner made for their service; answers its path on the site. */
export async function inviteCustomer(
  request: APIRequestContext,
  owner: Account,
  service: Service,
): Promise<string> {
  const response = await request.post(`/api/services/${service._id}/invitations`, {
    headers: { authorization: `Bearer ${owner.accessToken}` },
    data: {},
  });
  expect(response.status()).toBe(201);
  return new URL(((await response.json()) as { url: string }).url).pathname;
}
