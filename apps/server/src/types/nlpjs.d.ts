// Minimal typings for the parts of nlp.js (https://github.com/axa-group/nlp.js) the offline assistant
// engine uses: the Snowball-style stemmers of the language packages.
// nlp.js ships plain CommonJS without type declarations.

type NlpjsStemmerModule = { [name: string]: new () => { stemWord(word: string): string } };

declare module '@nlpjs/lang-en' {
  const value: NlpjsStemmerModule;
  export default value;
}
declare module '@nlpjs/lang-es' {
  const value: NlpjsStemmerModule;
  export default value;
}
declare module '@nlpjs/lang-fr' {
  const value: NlpjsStemmerModule;
  export default value;
}
declare module '@nlpjs/lang-pt' {
  const value: NlpjsStemmerModule;
  export default value;
}
declare module '@nlpjs/lang-it' {
  const value: NlpjsStemmerModule;
  export default value;
}
declare module '@nlpjs/lang-de' {
  const value: NlpjsStemmerModule;
  export default value;
}
declare module '@nlpjs/lang-ru' {
  const value: NlpjsStemmerModule;
  export default value;
}
declare module '@nlpjs/lang-tr' {
  const value: NlpjsStemmerModule;
  export default value;
}
declare module '@nlpjs/lang-ar' {
  const value: NlpjsStemmerModule;
  export default value;
}
declare module '@nlpjs/lang-hi' {
  const value: NlpjsStemmerModule;
  export default value;
}
