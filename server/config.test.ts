import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, OSM_TILES_URL } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database in ./data on port 3000 with the demo', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SEED_DEMO: true,
      isPglite: true,
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set and reads SEED_DEMO=false', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'false' });
    expect(config.isPglite).toBe(false);
    expect(config.SEED_DEMO).toBe(false);
  });

  it('nices the embedded database thread at 10 by default, 0–19 allowed', () => {
    expect(loadConfig({}).PGLITE_WORKER_NICE).toBe(10);
    expect(loadConfig({ PGLITE_WORKER_NICE: '0' }).PGLITE_WORKER_NICE).toBe(0);
    expect(() => loadConfig({ PGLITE_WORKER_NICE: '20' })).toThrow(/PGLITE_WORKER_NICE/);
    expect(() => loadConfig({ PGLITE_WORKER_NICE: '-5' })).toThrow(/PGLITE_WORKER_NICE/);
  });

  it('names every bad variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'http',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'localhost:6379',
        SEED_DEMO: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'SEED_DEMO'])
        expect(message).toContain(name);
    }
  });
});

describe('MAP_TILES_URL (the basemap, docs/OPERATIONS.md)', () => {
  it("defaults to OpenStreetMap's standard tiles with their attribution", () => {
    const config = loadConfig({});
    expect(config.MAP_TILES_URL).toBe(OSM_TILES_URL);
    expect(config.MAP_TILES_ATTRIBUTION).toContain('OpenStreetMap');
  });

  it('empty means no basemap (offline)', () => {
    expect(loadConfig({ MAP_TILES_URL: '' }).MAP_TILES_URL).toBeUndefined();
    expect(loadConfig({ MAP_TILES_URL: '  ' }).MAP_TILES_URL).toBeUndefined();
  });

  it('takes a local tile server and refuses a template without {z}/{x}/{y}', () => {
    const local = 'http://10.0.0.5:8080/tiles/{z}/{x}/{y}.png';
    expect(loadConfig({ MAP_TILES_URL: local }).MAP_TILES_URL).toBe(local);
    expect(() => loadConfig({ MAP_TILES_URL: 'https://tiles.example.org/map.png' })).toThrow(
      /MAP_TILES_URL/,
    );
    expect(() => loadConfig({ MAP_TILES_URL: 'ftp://tiles/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILES_URL/,
    );
  });
});

describe('ROUTING_* (docs/DISPATCH.md "Routes and distances")', () => {
  it('is offline by default: no server, the estimate at 1.3 × straight line and 25 km/h', () => {
    expect(loadConfig({}).ROUTING_URL).toBeUndefined();
    expect(loadConfig({})).toMatchObject({
      ROUTING_PROFILE: 'driving',
      ROUTING_TIMEOUT_MS: 800,
      ROUTING_ROAD_FACTOR: 1.3,
      ROUTING_CITY_KMH: 25,
    });
    expect(loadConfig({ ROUTING_URL: '' }).ROUTING_URL).toBeUndefined();
  });

  it('takes an http(s) OSRM server and a profile name', () => {
    const config = loadConfig({
      ROUTING_URL: 'http://127.0.0.1:5000',
      ROUTING_PROFILE: 'car',
      ROUTING_ROAD_FACTOR: '1.4',
    });
    expect(config).toMatchObject({
      ROUTING_URL: 'http://127.0.0.1:5000',
      ROUTING_PROFILE: 'car',
      ROUTING_ROAD_FACTOR: 1.4,
    });
  });

  it('refuses a URL without http(s), a profile that is not a path segment, and silly numbers', () => {
    expect(() => loadConfig({ ROUTING_URL: '127.0.0.1:5000' })).toThrow(/ROUTING_URL/);
    expect(() => loadConfig({ ROUTING_PROFILE: '../admin' })).toThrow(/ROUTING_PROFILE/);
    expect(() => loadConfig({ ROUTING_TIMEOUT_MS: '0' })).toThrow(/ROUTING_TIMEOUT_MS/);
    expect(() => loadConfig({ ROUTING_ROAD_FACTOR: '0.5' })).toThrow(/ROUTING_ROAD_FACTOR/);
    expect(() => loadConfig({ ROUTING_CITY_KMH: '0' })).toThrow(/ROUTING_CITY_KMH/);
  });
});
