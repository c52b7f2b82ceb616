/**
 * The operator's files in deploy/ parse, and every series their expressions name is one that
 * GET /metrics really exports (decision 040): an alert on a misspelt series would never fire.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../paths.js';
import { startTestApp, type TestApp } from '../test/harness.js';

const DEPLOY = path.resolve(SERVER_ROOT, '../../deploy');
/** Series Prometheus makes itself rather than scraping them. */
const FROM_PROMETHEUS = new Set(['up']);
/** PromQL's own words that look like names. */
const PROMQL_WORDS = new Set(
  'sum min max avg count rate increase irate histogram_quantile by without on ignoring and or unless offset le bool group_left group_right humanizeDuration'.split(
    ' ',
  ),
);

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description?: string };
}

const alertRules = () =>
  (
    parseYaml(readFileSync(path.join(DEPLOY, 'prometheus/seer-alerts.yml'), 'utf8')) as {
      groups: { name: string; rules: Rule[] }[];
    }
  ).groups.flatMap((group) => group.rules);

const dashboard = () =>
  JSON.parse(readFileSync(path.join(DEPLOY, 'grafana/seer-dashboard.json'), 'utf8')) as {
    uid: string;
    panels: { title: string; targets: { expr: string; refId: string }[] }[];
  };

/** The metric names in a PromQL expression: identifiers outside strings, label sets and ranges. */
function seriesIn(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '')
    .replace(/(?<![A-Za-z0-9_:])\d[\d.]*(e[+-]?\d+)?/gi, '');
  const names = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return names.filter(
    (name) => !PROMQL_WORDS.has(name) && !/^\d/.test(name) && !/^\d*m$|^\d*h$/.test(name),
  );
}

function balanced(expr: string): boolean {
  let depth = 0;
  for (const char of expr.replace(/"[^"]*"/g, '')) {
    if ('({['.includes(char)) depth++;
    if (')}]'.includes(char)) depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

let t: TestApp;
/** Every series name the scrape offers, histograms with their _bucket, _sum and _count. */
let exported: Set<string>;
beforeAll(async () => {
  t = await startTestApp();
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  exported = new Set();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    exported.add(name!);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_sum', '_count']) exported.add(`${name}${suffix}`);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('deploy/prometheus/seer-alerts.yml', () => {
  it('parses into alert rules, each with a severity and a summary', () => {
    const rules = alertRules();
    expect(rules.length).toBeGreaterThanOrEqual(8);
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^Seer[A-Za-z0-9]+$/);
      expect(['critical', 'warning']).toContain(rule.labels.severity);
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
      expect(balanced(rule.expr), rule.expr).toBe(true);
      if (rule.for) expect(rule.for).toMatch(/^\d+[smh]$/);
    }
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
  });

  it('watches what the guide says: 5xx, paid-send latency, sockets, watcher lag, outbox, database', () => {
    const named = new Set(alertRules().flatMap((rule) => seriesIn(rule.expr)));
    for (const series of [
      'seer_http_request_duration_seconds_count',
      'seer_http_request_duration_seconds_bucket',
      'seer_open_sockets',
      'seer_deposit_watcher_lag_seconds',
      'seer_bot_outbox_oldest_due_seconds',
      'seer_database_up',
    ])
      expect(named, series).toContain(series);
  });

  it('names only series /metrics exports', () => {
    for (const rule of alertRules())
      for (const series of seriesIn(rule.expr))
        if (!FROM_PROMETHEUS.has(series))
          expect(exported, `${rule.alert}: ${series}`).toContain(series);
  });
});

describe('deploy/grafana/seer-dashboard.json', () => {
  it('parses into panels whose queries name only series /metrics exports', () => {
    const board = dashboard();
    expect(board.uid).toBe('seer-overview');
    expect(board.panels.length).toBeGreaterThanOrEqual(8);
    for (const panel of board.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets) {
        expect(balanced(target.expr), target.expr).toBe(true);
        const names = seriesIn(target.expr);
        expect(names.length, target.expr).toBeGreaterThan(0);
        for (const series of names) expect(exported, `${panel.title}: ${series}`).toContain(series);
      }
    }
  });
});
