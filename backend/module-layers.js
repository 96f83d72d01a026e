// @ts-check
// Import boundaries of the backend (docs/adding-an-endpoint.md, "Where a folder may import
// from"): for each top-level folder of backend/src, the folders its files may import. The map
// must stay acyclic and name every folder, or loading the lint configuration fails; the lint
// rule then keeps every import inside it, so the folders never import each other in a circle.
const { readdirSync } = require('node:fs');

/** What every folder but these three stands on; they import no domain folder. */
const BASE = ['config', 'common', 'infrastructure'];

const MAY_IMPORT = {
  config: [],
  common: ['config'],
  infrastructure: ['config', 'common'],
  // The domain events' contract and outbox.
  events: BASE,
  // The moderation rules and authors' histories, which reviews and users consult.
  moderation: [...BASE, 'events'],
  mail: BASE,
  spa: BASE,
  cli: BASE,
  openapi: BASE,
  ratings: BASE,
  users: [...BASE, 'cli', 'events', 'moderation'],
  auth: [...BASE, 'events', 'mail', 'spa', 'users'],
  health: [...BASE, 'auth'],
  blogs: [...BASE, 'auth'],
  services: [...BASE, 'auth', 'events', 'moderation', 'ratings'],
  invitations: [...BASE, 'auth', 'events', 'mail', 'services'],
  // Businesses' claims of their services; an approved claim changes a service's owner.
  'service-claims': [...BASE, 'auth', 'events', 'mail', 'services'],
  reviews: [
    ...BASE,
    'auth',
    'cli',
    'events',
    'invitations',
    'moderation',
    'ratings',
    'services',
    'users',
  ],
  audit: [...BASE, 'events', 'users'],
  admin: [...BASE, 'audit', 'auth', 'events', 'reviews', 'services', 'users'],
  appeals: [...BASE, 'admin', 'auth', 'events', 'reviews'],
  reports: [...BASE, 'admin', 'auth', 'events', 'moderation', 'reviews', 'users'],
  notifications: [...BASE, 'auth', 'events', 'mail', 'moderation', 'users'],
  accounts: [...BASE, 'auth', 'events', 'mail', 'notifications', 'reports', 'reviews', 'users'],
  contact: [...BASE, 'auth', 'events', 'mail', 'moderation', 'notifications', 'users'],
  crawlers: [...BASE, 'blogs', 'services'],
  profiles: [...BASE, 'auth', 'reviews', 'users'],
  replies: [...BASE, 'auth', 'events', 'reviews', 'services'],
  transparency: [...BASE, 'auth', 'events', 'reviews', 'services'],
  // Each service's public reviews as changes since a cursor, which the worker records.
  'review-feed': [...BASE, 'auth', 'events', 'reviews', 'services'],
  // Services' webhooks: endpoints, delivery logs, the queue; the owner hears of a turned-off one.
  webhooks: [...BASE, 'auth', 'events', 'notifications', 'services'],
  // Services' figures month by month (owners' dashboards, the public trend).
  insights: [...BASE, 'audit', 'auth', 'cli', 'events', 'ratings', 'reviews', 'services', 'users'],
  seed: [...BASE, 'auth', 'blogs', 'cli', 'ratings', 'reviews', 'services', 'users'],
  // The worker's jobs and the events' handlers: above every domain it runs.
  worker: [
    ...BASE,
    'audit',
    'auth',
    'events',
    'insights',
    'invitations',
    'moderation',
    'notifications',
    'reports',
    'review-feed',
    'reviews',
    'services',
    'transparency',
    'webhooks',
  ],
};

/** A cycle of `graph` as `a -> b -> a`, or undefined when it has none. */
function findCycle(graph) {
  const done = new Set();
  const path = [];
  const visit = (folder) => {
    if (path.includes(folder)) return [...path.slice(path.indexOf(folder)), folder];
    if (done.has(folder)) return undefined;
    path.push(folder);
    for (const imported of graph[folder]) {
      const cycle = visit(imported);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(folder);
    return undefined;
  };
  for (const folder of Object.keys(graph)) {
    const cycle = visit(folder);
    if (cycle) return cycle.join(' -> ');
  }
  return undefined;
}

/** Throws when the map names an unknown folder, misses one of `folders` or has a cycle. */
function checkLayers(folders) {
  const where = 'backend/module-layers.js';
  for (const [folder, imports] of Object.entries(MAY_IMPORT)) {
    const unknown = [folder, ...imports].filter((name) => !(name in MAY_IMPORT));
    if (unknown.length > 0) throw new Error(`${where}: no entry for ${unknown.join(', ')}`);
  }
  const unplaced = folders.filter((folder) => !(folder in MAY_IMPORT));
  if (unplaced.length > 0) {
    throw new Error(
      `${where}: backend/src/${unplaced.join(', backend/src/')} has no entry; add it with the folders it may import`,
    );
  }
  const cycle = findCycle(MAY_IMPORT);
  if (cycle) throw new Error(`${where}: the folders import each other in a circle: ${cycle}`);
}

/**
 * `import-x/no-restricted-paths` zones: each folder of `src` (a path relative to the lint
 * configuration) may import only the folders the map allows it, and no folder may import the
 * files at the top of `src` (the entry points and the app's and worker's modules).
 */
function moduleZones(src, absoluteSrc) {
  const folders = readdirSync(absoluteSrc, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  checkLayers(folders);
  return [
    ...Object.keys(MAY_IMPORT).map((folder) => {
      const allowed = MAY_IMPORT[folder];
      const forbidden = Object.keys(MAY_IMPORT).filter(
        (other) => other !== folder && !allowed.includes(other),
      );
      const may = allowed.length > 0 ? `only ${allowed.join(', ')}` : 'no other folder';
      return {
        target: `${src}/${folder}`,
        from: forbidden.map((other) => `${src}/${other}`),
        message: `backend/src/${folder} may import ${may} (backend/module-layers.js).`,
      };
    }),
    {
      target: Object.keys(MAY_IMPORT).map((folder) => `${src}/${folder}`),
      from: `${src}/*.ts`,
      message: 'The files at the top of backend/src compose the app; nothing imports them.',
    },
  ];
}

module.exports = { moduleZones };
