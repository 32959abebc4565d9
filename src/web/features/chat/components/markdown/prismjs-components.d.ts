// Prism's language files only register grammars on the global Prism; they export nothing.
declare module 'prismjs/components/*';
