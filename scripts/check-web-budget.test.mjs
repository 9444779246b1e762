import { describe, expect, it } from 'vitest';
import { filesOfPage } from './check-web-budget.mjs';

// A Vite manifest: the page's entry imports a and b statically, b imports a again (shared), and the screens come by
// dynamic imports, which the page does not load before it runs.
const manifest = {
  'login.html': {
    file: 'assets/login.js',
    isEntry: true,
    imports: ['_a.js', '_b.js'],
    dynamicImports: ['src/screen.tsx'],
    css: ['assets/login.css'],
  },
  '_a.js': { file: 'assets/a.js', css: ['assets/a.css'] },
  '_b.js': { file: 'assets/b.js', imports: ['_a.js'], css: ['assets/a.css'] },
  'src/screen.tsx': { file: 'assets/screen.js', isDynamicEntry: true, imports: ['_big.js'] },
  '_big.js': { file: 'assets/big.js' },
};

describe('the files the sign-in page loads', () => {
  it('follows the static imports once each, leaves the dynamic ones, and gathers their CSS', () => {
    expect(filesOfPage(manifest, 'login.html')).toEqual({
      js: ['assets/login.js', 'assets/a.js', 'assets/b.js'],
      css: ['assets/login.css', 'assets/a.css'],
    });
  });

  it('refuses a page the build does not have, and a chunk missing from the manifest', () => {
    expect(() => filesOfPage(manifest, 'index.html')).toThrow('Entrée absente du manifeste Vite : index.html');
    expect(() => filesOfPage({ 'x.html': { file: 'x.js', isEntry: true, imports: ['_gone.js'] } }, 'x.html')).toThrow(
      'Morceau absent du manifeste Vite : _gone.js',
    );
  });
});
