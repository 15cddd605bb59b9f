import { expect, test } from 'vitest';
import { GroupedWrites } from '@/lib/storage/grouped-writes';

/** A `send` whose groups are recorded and answered by hand. */
function manualSend() {
  const groups: { items: string[]; answer: (fail?: Error) => void }[] = [];
  const send = (items: string[]) => new Promise<string[]>((resolve, reject) => {
    groups.push({ items, answer: (fail) => (fail ? reject(fail) : resolve(items.map((i) => `${i}!`))) });
  });
  return { groups, send };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

test('a lone write goes at once; writes arriving while others are on their way go together in the next group', async () => {
  const { groups, send } = manualSend();
  const w = new GroupedWrites<string, string>(send, (s) => s, 1);
  const a = w.write('a');
  expect(groups.map((g) => g.items)).toEqual([['a']]);
  const rest = ['b', 'c', 'd'].map((x) => w.write(x));
  await tick();
  expect(groups).toHaveLength(1);
  groups[0].answer();
  expect(await a).toBe('a!');
  await tick();
  expect(groups.map((g) => g.items)).toEqual([['a'], ['b', 'c', 'd']]);
  groups[1].answer();
  expect(await Promise.all(rest)).toEqual(['b!', 'c!', 'd!']);
});

test('up to inFlight groups at once, each at most max writes, a key at most once per group', async () => {
  const { groups, send } = manualSend();
  const w = new GroupedWrites<string, string>(send, (s) => s.split(':')[0], 2, 2);
  const all = ['a', 'b', 'c:1', 'd', 'c:2', 'e'].map((x) => w.write(x));
  await tick();
  // Two on their way (the first two writes, each alone); the rest wait.
  expect(groups.map((g) => g.items)).toEqual([['a'], ['b']]);
  groups[0].answer();
  await tick();
  expect(groups[2].items).toEqual(['c:1', 'd']);
  groups[1].answer();
  await tick();
  // The second write of key c skips a group only while one of c is in the same group.
  expect(groups[3].items).toEqual(['c:2', 'e']);
  groups[2].answer();
  groups[3].answer();
  expect(await Promise.all(all)).toEqual(['a!', 'b!', 'c:1!', 'd!', 'c:2!', 'e!']);
});

test('a failed group fails its writes only; the next group goes on', async () => {
  const { groups, send } = manualSend();
  const w = new GroupedWrites<string, string>(send, (s) => s, 1);
  const a = w.write('a');
  const b = w.write('b');
  const c = w.write('c');
  groups[0].answer(new Error('down'));
  await expect(a).rejects.toThrow('down');
  await tick();
  expect(groups[1].items).toEqual(['b', 'c']);
  groups[1].answer();
  expect(await Promise.all([b, c])).toEqual(['b!', 'c!']);
});
