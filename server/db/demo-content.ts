/** The public privacy page served as content 1 (/driver/privacy, /content). */
export const PRIVACY_PAGE = {
  title: 'Politica de confidențialitate pentru șoferi',
  content: `<h2>Ce date prelucrăm</h2>
<p>Pentru a vă transmite comenzi, dispeceratul prelucrează numele, numărul de telefon, indicativul mașinii,
numărul de înmatriculare și poziția dumneavoastră cât timp sunteți conectat în aplicația pentru șoferi.</p>
<h2>De ce</h2>
<ul>
<li>pentru a găsi cel mai apropiat șofer liber pentru o comandă;</li>
<li>pentru a afișa clientului mașina care vine spre el;</li>
<li>pentru istoricul curselor și decontări.</li>
</ul>
<h2>Cât timp</h2>
<p>Pozițiile GPS se păstrează cel mult 30 de zile; istoricul curselor, cât cere legislația contabilă.</p>
<h2>Drepturile dumneavoastră</h2>
<p>Puteți cere acces, rectificare sau ștergere scriind la <a href="mailto:contact@ogo.local">contact@ogo.local</a>.</p>`,
};

/** The terms the sign-up form's consent links to (/page/termeni). */
export const TERMS_PAGE = {
  title: 'Termeni de utilizare',
  section: 'page',
  url: 'termeni',
  content: `<h2>Perioada de probă</h2>
<p>O firmă înscrisă folosește OGO Dispatch gratuit 14 zile. După aceea, contul continuă pe baza
unui contract încheiat cu platforma.</p>
<h2>Datele firmei</h2>
<p>Firma răspunde de corectitudinea datelor introduse la înscriere și de datele clienților și
șoferilor pe care le prelucrează prin platformă, potrivit
<a href="/driver/privacy">politicii de confidențialitate</a>.</p>
<h2>Contul de administrator</h2>
<p>Persoana care înscrie firma primește contul de administrator al firmei și răspunde de
utilizatorii pe care îi adaugă.</p>`,
};

/** A documentation page (/documentation, /docs/{url}). */
export const GETTING_STARTED_DOC = {
  title: 'Primii pași',
  section: 'documentation',
  url: 'primii-pasi',
  content: `<h2>După înscriere</h2>
<ol>
<li>În <strong>Setări firmă</strong> alegeți centrul hărții și serviciul implicit.</li>
<li>În <strong>Delimitare zone</strong> desenați zonele de acoperire.</li>
<li>Adăugați operatorii și șoferii din meniul <strong>Utilizatori</strong>.</li>
<li>În <strong>Constructor mod de lucru</strong> stabiliți cum sunt căutați șoferii.</li>
</ol>`,
};
