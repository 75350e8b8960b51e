// The package's version, sent in User-Agent / X-SmartLinks-Client. It is the API's
// info.version (docs/openapi.json) and package.json's version; a test checks all three agree.
export const VERSION = '0.1.0';
