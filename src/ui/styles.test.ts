import { expect } from 'chai';
import tokens from './styles/tokens.css';
import { addStyles, uiCss } from './styles';

describe('ui/styles: one cascade order, whatever order the modules load in', () => {
  it('tokens first, then the palette, the primitives by name, the screen kit by name', () => {
    addStyles('/* kit a */', 'kit', 'a-test');
    addStyles('/* ui z */', 'ui', 'z-test');
    addStyles('/* ui a */', 'ui', 'a-test');
    addStyles('/* palette */', 'palette', 'test');
    const css = uiCss();
    const at = (marker: string) => css.indexOf(marker);
    expect(css.startsWith(tokens)).to.equal(true);
    expect(at('/* palette */')).to.be.below(at('/* ui a */'));
    expect(at('/* ui a */')).to.be.below(at('/* ui z */'));
    expect(at('/* ui z */')).to.be.below(at('/* kit a */'));
  });

  it('a sheet registered again under its name replaces the first, once', () => {
    addStyles('/* first */', 'ui', 'twice-test');
    addStyles('/* second */', 'ui', 'twice-test');
    expect(uiCss()).not.to.contain('/* first */');
    expect(uiCss().split('/* second */').length).to.equal(2);
  });
});
