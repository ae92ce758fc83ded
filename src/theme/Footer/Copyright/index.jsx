// The footer's text, as text: Docusaurus renders it as HTML, and here it is a
// translator's message (site.footer in the catalogs), which must never carry
// markup or script. i18n:check refuses markup in a message as well.
export default function FooterCopyright({copyright}) {
  return <div className="footer__copyright">{copyright}</div>;
}
