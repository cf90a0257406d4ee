import { parseGoModDownload } from './go-module';

describe('parseGoModDownload', () => {
  it('reads the module\'s folder in the module cache', () => {
    const output = JSON.stringify({ Path: 'github.com/oasdiff/oasdiff', Version: 'v1.37.0', Dir: '/root/go/pkg/mod/github.com/oasdiff/oasdiff@v1.37.0' });
    expect(parseGoModDownload(output)).toEqual({ dir: '/root/go/pkg/mod/github.com/oasdiff/oasdiff@v1.37.0' });
  });

  it('reads why the download failed', () => {
    expect(parseGoModDownload('{"Path":"x","Error":"module x: not found"}')).toEqual({ error: 'module x: not found' });
  });

  it('refuses output that is not a JSON object', () => {
    expect(() => parseGoModDownload('null')).toThrow('go mod download printed no JSON object');
  });
});
