import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'dotenv';
import { loadConfig as loadGatewayConfig } from '../gateway/src/config';
import { loadParticipantsConfig } from '../svc-participants/src/config';

// .env.example is read the way compose reads a .env file (quotes stripped as dotenv does), then
// handed to the settings checks of the containers that receive those values.
const example = parse(fs.readFileSync(path.join(__dirname, '..', '.env.example')));

/** What an operator fills in: the example leaves secrets empty on purpose. */
const FILLED = {
  STUDY_CONTACT_EMAIL: 'study-team@example.org',
  REVIEW_BOARD_NAME: 'Example University Institutional Review Board',
  REVIEW_BOARD_APPROVAL: 'IRB-2026-0417',
  REVIEW_BOARD_CONTACT: 'irb@example.edu',
  OH_CLIENT_ID: 'personality-genetics-study',
  OH_CLIENT_SECRET: 'client-secret-1234',
  OH_WEBHOOK_SECRET: 'webhook-secret-1234',
  TOKEN_ENCRYPTION_KEY: 'ab'.repeat(32),
  ADMIN_MASTER_KEY: '3d91c6f0a85e27b4d1f8c03a6e95b72d4c0f1a8e63b9d25f7a04c1e8b6d39f52',
  TYPEFINDER_WEBHOOK_SECRET: 'typefinder-secret-1234',
  OH_MASTER_ACCESS_TOKEN: 'oh-master-token-1234',
  PARTICIPANT_SESSION_SECRET: 'session-secret-'.repeat(3),
  LOG_FINGERPRINT_KEY: 'log-fingerprint-key-1234',
};
const env = Object.fromEntries(Object.entries({ ...example }).map(([k, v]) => [k, v === '' && k in FILLED ? FILLED[k as keyof typeof FILLED] : v]));

describe('.env.example, as compose reads it', () => {
  it('gives the gateway a CSP frame source with its quotes', () => {
    expect(example.CSP_FRAME_SRC).toBe("'self'");
    const config = loadGatewayConfig({ ...env, STUDY_CONTACT_EMAIL: env.STUDY_CONTACT_EMAIL || FILLED.STUDY_CONTACT_EMAIL });
    expect(config.cspFrameSrc).toEqual(["'self'"]);
  });

  it("gives svc-participants values it accepts once the secrets are filled in", () => {
    // docker-compose.yml passes OH_REDIRECT_URI as ${PUBLIC_URL}/return, and the connection URLs itself.
    const fromCompose = { OH_REDIRECT_URI: `${env.PUBLIC_URL}/return`, MONGO_URL: 'mongodb://study:0f1e2d3c4b5a@mongo:27017/?authSource=admin', AMQP_URL: 'amqp://study:0f1e2d3c4b5a@rabbitmq:5672', REDIS_URL: 'redis://:0f1e2d3c4b5a@redis:6379' };
    const config = loadParticipantsConfig({ ...env, ...fromCompose });
    expect(config.OH_REDIRECT_URI).toBe('https://study.example.org/return');
    expect(config.STUDY_EMAIL_HOST).toBe('study.example.org');
  });

  it('leaves svc-participants refusing to start, naming each setting, while the review board is not named', () => {
    const fromCompose = { OH_REDIRECT_URI: `${env.PUBLIC_URL}/return`, MONGO_URL: 'mongodb://study:0f1e2d3c4b5a@mongo:27017/?authSource=admin', AMQP_URL: 'amqp://study:0f1e2d3c4b5a@rabbitmq:5672', REDIS_URL: 'redis://:0f1e2d3c4b5a@redis:6379' };
    expect([example.REVIEW_BOARD_NAME, example.REVIEW_BOARD_APPROVAL, example.REVIEW_BOARD_CONTACT]).toEqual(['', '', '']);
    const blank = { REVIEW_BOARD_NAME: '', REVIEW_BOARD_APPROVAL: '', REVIEW_BOARD_CONTACT: '' };
    expect(() => loadParticipantsConfig({ ...env, ...fromCompose, ...blank })).toThrow(/REVIEW_BOARD_NAME[\s\S]*REVIEW_BOARD_APPROVAL[\s\S]*REVIEW_BOARD_CONTACT/);
  });

  it('leaves svc-participants refusing to start, naming the setting, while the Open Humans webhook secret is blank', () => {
    const fromCompose = { OH_REDIRECT_URI: `${env.PUBLIC_URL}/return`, MONGO_URL: 'mongodb://study:0f1e2d3c4b5a@mongo:27017/?authSource=admin', AMQP_URL: 'amqp://study:0f1e2d3c4b5a@rabbitmq:5672', REDIS_URL: 'redis://:0f1e2d3c4b5a@redis:6379' };
    expect(example.OH_WEBHOOK_SECRET).toBe('');
    expect(() => loadParticipantsConfig({ ...env, ...fromCompose, OH_WEBHOOK_SECRET: example.OH_WEBHOOK_SECRET ?? '' })).toThrow(/OH_WEBHOOK_SECRET/);
  });

  it('leaves the gateway and svc-participants refusing to start, naming the setting, while the session secret is blank', () => {
    const fromCompose = { OH_REDIRECT_URI: `${env.PUBLIC_URL}/return`, MONGO_URL: 'mongodb://study:0f1e2d3c4b5a@mongo:27017/?authSource=admin', AMQP_URL: 'amqp://study:0f1e2d3c4b5a@rabbitmq:5672', REDIS_URL: 'redis://:0f1e2d3c4b5a@redis:6379' };
    expect(example.PARTICIPANT_SESSION_SECRET).toBe('');
    expect(() => loadParticipantsConfig({ ...env, ...fromCompose, PARTICIPANT_SESSION_SECRET: '' })).toThrow(/PARTICIPANT_SESSION_SECRET/);
    expect(() => loadGatewayConfig({ ...env, PARTICIPANT_SESSION_SECRET: '' })).toThrow(/PARTICIPANT_SESSION_SECRET/);
  });

  it('names every setting docker-compose.yml reads from it', () => {
    const compose = fs.readFileSync(path.join(__dirname, '..', 'docker-compose.yml'), 'utf8');
    const read = new Set([...compose.matchAll(/\$\{([A-Z_]+)(?::?[-?][^}]*)?\}/g)].map((m) => m[1] ?? ""));
    const missing = [...read].filter((name) => !(name in example));
    expect(missing).toEqual([]);
  });
});
