// The generator's settings (pinned @hey-api/openapi-ts, see package.json): the SDK document
// cut from docs/openapi.json into src/generated/, with the fetch client bundled into the output
// (so the package has no runtime dependency). Run through ./generate, never by hand.
import { defineConfig } from '@hey-api/openapi-ts';

export default defineConfig({
  input: '../openapi.sdk.json',
  output: {
    path: 'src/generated',
    clean: true,
    // Node's ESM loader needs the extension in every relative import.
    importFileExtension: '.js',
    tsConfigPath: null,
  },
  plugins: [
    { name: '@hey-api/client-fetch', bundle: true, throwOnError: false },
    { name: '@hey-api/typescript' },
    { name: '@hey-api/sdk' },
  ],
});
