export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

interface LegalDocumentProps {
  title: string;
  lastUpdated: string;
  introduction: string;
  sections: readonly LegalSection[];
}

export function LegalDocument({ title, lastUpdated, introduction, sections }: LegalDocumentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Last updated: {lastUpdated}</p>
      <p className="mt-6 text-slate-700 dark:text-slate-300">{introduction}</p>
      {sections.map((section, index) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
            {index + 1}. {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-slate-700 dark:text-slate-300">
              {paragraph}
            </p>
          ))}
          {section.items ? (
            <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700 dark:text-slate-300">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
