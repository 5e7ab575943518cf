import { parseCircular, parseDependencyTree } from 'dpdm';

/**
 * No import cycle in the app or the functions, type-only imports included
 * (docs/architecture.md, "Rules the lint enforces"): the lint's
 * import-x/no-cycle skips `import type`, which still knots the modules a
 * reader has to hold in mind at once. dpdm reads the same aliases as tsc.
 */
describe('import cycles', () => {
  const entries = ['src/**/*.ts', 'src/**/*.tsx', 'netlify/**/*.ts'];

  it('finds none in src/ and netlify/', async () => {
    const tree = await parseDependencyTree(entries, { tsconfig: './tsconfig.json', transform: false, skipDynamicImports: false });
    expect(Object.keys(tree).length, 'the modules read').toBeGreaterThan(300);
    expect(parseCircular(tree).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
