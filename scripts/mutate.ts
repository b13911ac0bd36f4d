// npm run mutate: mutation testing of the delivery core, with the simulation as the only test
// (stryker.config.mjs, test/sim/simulation.mutation.ts). Prints the score and every mutant
// the simulation let live. Figures only: it never fails on them.
//   npm run mutate                            seeds 1 to SIM_SEEDS (100 unless set)
//   npm run mutate -- --concurrency 1         leave a core free
//   npm run mutate -- --mutate main/sync/decide.ts
//   npm run mutate -- --sample                CI: a few mutants on a few seeds; fails only when
//                                             the machinery is broken (none tested or killed)
//   npm run mutate -- --incremental           tests only the mutants changed since the last
//                                             run (test-artifacts/mutation/incremental.json)
//   npm run mutate -- --markdown FILE         also writes the figures and survivors as Markdown
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { Stryker } from '@stryker-mutator/core';

/** A small file whose mutants the first seeds already kill, so a smoke run proves it works. */
const SAMPLE = 'main/sync/single-flight.ts';

const args = process.argv.slice(2);
const value = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const sample = args.includes('--sample');
const seeds = (process.env.SIM_SEEDS ??= sample ? '20' : '100');
const mutate = sample ? SAMPLE : value('--mutate');
const concurrency = value('--concurrency');
const markdown = value('--markdown');
const incremental = args.includes('--incremental');

const started = performance.now();
const results = await new Stryker({
  ...(mutate ? { mutate: [mutate] } : {}),
  ...(concurrency ? { concurrency: Number(concurrency) } : {}),
  ...(incremental
    ? { incremental: true, incrementalFile: 'test-artifacts/mutation/incremental.json' }
    : {}),
}).runMutationTest();
const minutes = (performance.now() - started) / 60_000;

type Mutant = (typeof results)[number];
const count = (mutants: Mutant[]) => {
  const of = (status: string) => mutants.filter((m) => m.status === status).length;
  const [killed, timeout, survived, noCoverage, ignored] = [
    'Killed',
    'Timeout',
    'Survived',
    'NoCoverage',
    'Ignored',
  ].map(of) as [number, number, number, number, number];
  const detected = killed + timeout;
  return {
    all: mutants.length,
    killed,
    timeout,
    survived,
    noCoverage,
    ignored,
    detected,
    errors: mutants.length - detected - survived - noCoverage - ignored,
    // Stryker's mutation score, and the same over what the simulation reaches.
    score: percent(detected, detected + survived + noCoverage),
    covered: percent(detected, detected + survived),
  };
};
function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)} %`;
}

/** The source a mutant replaces, on one line, shortened. */
function original(source: string, { start, end }: Mutant['location']): string {
  const lines = source.split('\n').slice(start.line - 1, end.line);
  lines[lines.length - 1] = lines.at(-1)!.slice(0, end.column - 1);
  lines[0] = lines[0]!.slice(start.column - 1);
  return short(lines.join('\n'));
}
function short(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 70 ? `${flat.slice(0, 67)}...` : flat;
}

const byFile = new Map<string, Mutant[]>();
for (const m of results) byFile.set(m.fileName, [...(byFile.get(m.fileName) ?? []), m]);
const files = [...byFile]
  .map(([fileName, mutants]) => ({
    name: relative(process.cwd(), fileName),
    source: readFileSync(fileName, 'utf8'),
    mutants,
  }))
  .sort((a, b) => a.name.localeCompare(b.name));
const total = count(results);
const out: string[] = [
  `Mutation testing, the simulation (seeds 1 to ${seeds}) as the test: ${total.all} mutants in ${minutes.toFixed(1)} min`,
  `  killed ${total.killed}, timed out ${total.timeout}, survived ${total.survived}, no coverage ${total.noCoverage}, ignored ${total.ignored}, errors ${total.errors}`,
  `  score ${total.score} (Stryker's: killed and timed out over all but ignored); ${total.covered} of the mutants the simulation reaches`,
  '',
  `${'file'.padEnd(34)} mutants  killed timeout survived no-cov  score`,
];
for (const { name, mutants } of files) {
  const c = count(mutants);
  out.push(
    `${name.padEnd(34)} ${[c.all, c.killed, c.timeout, c.survived, c.noCoverage].map((n) => String(n).padStart(7)).join(' ')} ${c.score.padStart(7)}`,
  );
}
const groups: Array<[string, (m: Mutant) => boolean]> = [
  ['Survived:', (m) => m.status === 'Survived'],
  ['Never reached by the simulation:', (m) => m.status === 'NoCoverage'],
  ['Errors (a crashed run, neither killed nor survived):', (m) => /Error$/.test(m.status)],
];
for (const [title, belongs] of groups) {
  out.push('', title);
  for (const { name, source, mutants } of files) {
    const left = mutants
      .filter(belongs)
      .sort((a, b) => a.location.start.line - b.location.start.line);
    for (const m of left) {
      const { line, column } = m.location.start;
      const why = m.status.endsWith('Error') ? ` (${short(m.statusReason ?? '')})` : '';
      out.push(
        `  ${name}:${line}:${column} ${m.mutatorName}: ${original(source, m.location)} -> ${short(m.replacement ?? '')}${why}`,
      );
    }
  }
}
process.stdout.write(out.join('\n') + '\n');

if (markdown) writeFileSync(markdown, asMarkdown());

/** The figures per file and every mutant left, as a page of the docs. */
function asMarkdown(): string {
  const md = (text: string) => `\`${text.replace(/`/g, "'")}\``;
  const lines = [
    '| file | mutants | killed | timed out | survived | not reached | ignored | score |',
    '| --- | --: | --: | --: | --: | --: | --: | --: |',
  ];
  for (const { name, mutants } of [...files, { name: '**all**', mutants: results }]) {
    const c = count(mutants);
    const cells = [c.all, c.killed, c.timeout, c.survived, c.noCoverage, c.ignored, c.score];
    lines.push(`| ${name.startsWith('*') ? name : md(name)} | ${cells.join(' | ')} |`);
  }
  for (const { name, source, mutants } of files) {
    const left = mutants
      .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
      .sort((a, b) => a.location.start.line - b.location.start.line);
    if (left.length > 0) lines.push('', `## ${md(name)}`, '');
    for (const m of left) {
      const { line, column } = m.location.start;
      const reached = m.status === 'NoCoverage' ? ' (not reached)' : '';
      lines.push(
        `- ${line}:${column} ${m.mutatorName}${reached}: ${md(original(source, m.location))} → ${md(short(m.replacement ?? ''))}`,
      );
    }
  }
  return lines.join('\n') + '\n';
}

if (sample && total.detected === 0) {
  process.stdout.write('The sample killed no mutant: the mutation machinery is broken.\n');
  process.exitCode = 1;
}
