// Ranks the visible elements of this frame by how closely they resemble a target's candidates, and
// gives ready candidates for the best ones. Read-only: it never changes the page. Argument:
// {candidates: [{kind, value, name}], testIdAttributes, limit}. Returns [{score, candidates: [{kind, value, name}]}].
(arg) => {
  const TESTIDS = arg.testIdAttributes || ['data-testid'];
  const testIdOf = el => { for (const a of TESTIDS) { const v = el.getAttribute(a); if (v != null) return v; } return null; };
  const norm = s => (s == null ? '' : String(s)).replace(/\s+/g, ' ').trim().toLowerCase();
  const tokens = s => norm(s).split(/[^\p{L}\p{N}]+/u).filter(t => t.length > 0);
  const lev = (a, b) => {
    if (a.length > 64 || b.length > 64) return Math.abs(a.length - b.length);
    let prev = Array.from({length: b.length + 1}, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const cur = [i];
      for (let j = 1; j <= b.length; j++) {
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      }
      prev = cur;
    }
    return prev[b.length];
  };
  // similarity of two texts, 0..1
  const sim = (x, y) => {
    const a = norm(x), b = norm(y);
    if (!a || !b) return 0;
    if (a === b) return 1;
    const ratio = 1 - lev(a, b) / Math.max(a.length, b.length);
    const ta = new Set(tokens(a)), tb = new Set(tokens(b));
    let common = 0;
    ta.forEach(t => { if (tb.has(t)) common++; });
    const union = ta.size + tb.size - common;
    const jaccard = union === 0 ? 0 : common / union;
    const contained = (a.includes(b) || b.includes(a)) ? 0.6 + 0.3 * Math.min(a.length, b.length) / Math.max(a.length, b.length) : 0;
    // short unrelated words share a letter or two: an edit ratio under one half is noise, not likeness
    return Math.max(ratio >= 0.5 ? ratio * 0.9 : 0, jaccard, contained);
  };

  const INPUT_ROLES = {button: 'button', submit: 'button', reset: 'button', image: 'button', checkbox: 'checkbox',
    radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox', email: 'textbox', tel: 'textbox',
    text: 'textbox', url: 'textbox', '': 'textbox'};
  const role = el => {
    const explicit = el.getAttribute('role');
    if (explicit) return explicit.split(' ')[0].toLowerCase();
    const tag = el.localName;
    if (tag === 'button') return 'button';
    if ((tag === 'a' || tag === 'area') && el.hasAttribute('href')) return 'link';
    if (tag === 'input') {
      const t = (el.getAttribute('type') || '').toLowerCase();
      return t in INPUT_ROLES ? INPUT_ROLES[t] : '';
    }
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'img') return el.getAttribute('alt') === '' ? 'presentation' : 'img';
    if (tag === 'li') return 'listitem';
    if (tag === 'ul' || tag === 'ol') return 'list';
    if (tag === 'nav') return 'navigation';
    if (tag === 'option') return 'option';
    if (tag === 'tr') return 'row';
    if (tag === 'td') return 'cell';
    if (tag === 'th') return 'columnheader';
    if (tag === 'dialog') return 'dialog';
    return '';
  };
  const textOf = el => (el.innerText !== undefined ? el.innerText : el.textContent || '').replace(/\s+/g, ' ').trim();
  const labelOf = el => {
    const parts = [];
    if (el.labels) for (const l of el.labels) parts.push(textOf(l));
    return parts.join(' ').trim();
  };
  const nameOf = el => {
    const aria = el.getAttribute('aria-label');
    if (aria && aria.trim()) return aria.trim();
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const root = el.getRootNode();
      const t = by.split(/\s+/).map(id => root.getElementById ? root.getElementById(id) : document.getElementById(id))
          .filter(x => x).map(textOf).join(' ').trim();
      if (t) return t;
    }
    const tag = el.localName;
    if (tag === 'input' || tag === 'textarea' || tag === 'select') {
      const t = (el.getAttribute('type') || '').toLowerCase();
      if (tag === 'input' && (t === 'button' || t === 'submit' || t === 'reset')) return el.value || '';
      if (tag === 'input' && t === 'image') return el.getAttribute('alt') || '';
      const l = labelOf(el);
      if (l) return l;
      return el.getAttribute('title') || el.getAttribute('placeholder') || '';
    }
    if (tag === 'img') return el.getAttribute('alt') || el.getAttribute('title') || '';
    const t = textOf(el);
    return t || el.getAttribute('title') || '';
  };
  const visible = el => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    const st = getComputedStyle(el);
    return st.visibility !== 'hidden' && st.display !== 'none';
  };
  const interesting = el => {
    if (role(el)) return true;
    if (testIdOf(el) != null || el.id) return true;
    for (const n of el.childNodes) if (n.nodeType === 3 && n.textContent.trim()) return true;
    return false;
  };

  const all = [];
  const walk = root => {
    for (const el of root.querySelectorAll('*')) {
      if (all.length >= 4000) return;
      if (el.localName === 'script' || el.localName === 'style' || el.localName === 'head') continue;
      if (interesting(el) && visible(el)) all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);

  // a css selector's compounds (tag, #id, .class, [attr=value]), the element's own last
  const compounds = css => css.trim().split(/\s*[ >+~]\s*/).filter(p => p.length > 0).map(compound);
  const compound = last => {
    const out = {tag: null, ids: [], classes: [], attrs: []};
    const m = last.match(/^[a-zA-Z][\w-]*/);
    if (m) out.tag = m[0].toLowerCase();
    for (const x of last.matchAll(/#([\w-]+)/g)) out.ids.push(x[1]);
    for (const x of last.matchAll(/\.([\w-]+)/g)) out.classes.push(x[1]);
    for (const x of last.matchAll(/\[\s*([\w-]+)\s*(?:[~|^$*]?=\s*["']?([^"'\]]*)["']?)?\s*\]/g)) out.attrs.push([x[1], x[2]]);
    return out;
  };
  const scoreCompound = (c, el) => {
    const scores = [];
    if (c.tag) scores.push(el.localName === c.tag ? 1 : 0);
    for (const id of c.ids) scores.push(sim(id, el.id));
    for (const cls of c.classes) scores.push(el.classList.contains(cls) ? 1 : Math.max(0, ...[...el.classList].map(k => sim(cls, k))));
    for (const [name, value] of c.attrs) {
      const v = el.getAttribute(name);
      scores.push(v == null ? 0 : value === undefined ? 1 : sim(value, v));
    }
    return scores.length === 0 ? 0 : scores.reduce((a, b) => a + b, 0) / scores.length;
  };
  const xpathSteps = xp => xp.split(/\/+/).filter(s => s.length > 0).map(xpathStep);
  const xpathStep = last => {
    const out = {tag: null, attrs: [], text: null, index: null};
    const m = last.match(/^([a-zA-Z*][\w-]*)/);
    if (m && m[1] !== '*') out.tag = m[1].toLowerCase();
    for (const x of last.matchAll(/@([\w-]+)\s*=\s*["']([^"']*)["']/g)) out.attrs.push([x[1], x[2]]);
    const t = last.match(/(?:text\(\)|\.)\s*(?:,\s*)?["']([^"']*)["']/) || last.match(/contains\(\s*(?:text\(\)|\.)\s*,\s*["']([^"']*)["']/);
    if (t) out.text = t[1];
    const i = last.match(/\[(\d+)\]/);
    if (i) out.index = parseInt(i[1], 10);
    return out;
  };
  const siblingIndex = el => {
    let i = 1;
    for (let s = el.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === el.localName) i++;
    return i;
  };
  const scoreXpath = (x, el) => {
    const scores = [];
    if (x.tag) scores.push(el.localName === x.tag ? 1 : 0);
    for (const [name, value] of x.attrs) {
      const v = name === 'id' ? el.id : el.getAttribute(name);
      scores.push(v == null ? 0 : sim(value, v));
    }
    if (x.text != null) scores.push(sim(x.text, textOf(el)));
    // a position is weak evidence: half the weight of a tag or an attribute
    let total = scores.reduce((a, b) => a + b, 0), n = scores.length;
    if (x.index != null) {
      total += 0.5 * (siblingIndex(el) === x.index ? 1 : 0.3);
      n += 0.5;
    }
    return n === 0 ? 0 : total / n;
  };

  // the last step scored on the element, the earlier ones on its closest matching ancestors (where it sits)
  const inContext = (steps, el, scoreStep) => {
    if (steps.length === 0) return 0;
    const own = scoreStep(steps[steps.length - 1], el);
    if (steps.length === 1) return own;
    let context = 0;
    for (let i = 0; i < steps.length - 1; i++) {
      let best = 0;
      for (let a = el.parentElement; a; a = a.parentElement) best = Math.max(best, scoreStep(steps[i], a));
      context += best;
    }
    return 0.7 * own + 0.3 * context / (steps.length - 1);
  };

  const IDENTITY = new Set(['testId', 'id', 'role', 'aria', 'label', 'placeholder', 'text']);
  const WEIGHTS = {testId: 3, id: 2.5, role: 3, aria: 2.5, label: 2, placeholder: 1.5, text: 2, textContains: 1.5, css: 2, xpath: 1.2};
  // structure alone (tags, classes, positions) identifies an element less than ids, attributes and names
  const weight = c => {
    const w = WEIGHTS[c.kind] || 1;
    if (c.kind === 'css') return /[#\[]/.test(c.value) ? w : w / 2;
    if (c.kind === 'xpath') return /[@'"]/.test(c.value) ? w : w / 2;
    return w;
  };
  const score = (cand, el, f) => {
    switch (cand.kind) {
      case 'testId': return sim(cand.value, testIdOf(el));
      case 'id': return sim(cand.value, el.id);
      case 'role': {
        const r = f.role === cand.value ? 1 : (['button', 'link'].includes(f.role) && ['button', 'link'].includes(cand.value)) ? 0.3 : 0;
        return cand.name == null ? r : 0.45 * r + 0.55 * sim(cand.name, f.name);
      }
      case 'aria': return sim(cand.value, f.name);
      case 'label': return sim(cand.value, labelOf(el) || el.getAttribute('aria-label'));
      case 'placeholder': return sim(cand.value, el.getAttribute('placeholder'));
      case 'text': return sim(cand.value, f.text);
      case 'textContains': return f.text && norm(f.text).includes(norm(cand.value)) ? 0.9 : sim(cand.value, f.text) * 0.8;
      case 'css': return inContext(compounds(cand.value), el, scoreCompound);
      case 'xpath': return inContext(xpathSteps(cand.value), el, scoreXpath);
      default: return 0;
    }
  };

  const facts = all.map(el => ({el, role: role(el), name: nameOf(el), text: textOf(el)}));
  const ranked = [];
  facts.forEach((f, order) => {
    let total = 0, weights = 0;
    for (const c of arg.candidates) {
      const one = score(c, f.el, f);
      // an exact test id, id or name says more about which element is meant than any likeness
      const w = weight(c) * (one >= 0.999 && IDENTITY.has(c.kind) ? 2 : 1);
      total += w * one;
      weights += w;
    }
    const s = weights === 0 ? 0 : total / weights;
    // below a quarter an element has too little in common to be worth a person's look
    if (s >= 0.25) ranked.push({f, s, order});
  });
  // a container scores like the control inside it (its text is the control's): prefer the deepest
  ranked.sort((a, b) => (b.s - a.s) || (a.order - b.order));
  const kept = [];
  for (const r of ranked) {
    if (kept.some(k => Math.abs(k.s - r.s) < 1e-9 && (k.f.el.contains(r.f.el) || r.f.el.contains(k.f.el)))) {
      const i = kept.findIndex(k => k.f.el.contains(r.f.el));
      if (i >= 0) kept[i] = r;
      continue;
    }
    kept.push(r);
    if (kept.length >= (arg.limit || 3)) break;
  }

  // ready candidates for an element, each matching it alone on this page
  const count = pred => facts.reduce((n, f) => n + (pred(f) ? 1 : 0), 0);
  const cssPath = el => {
    const parts = [];
    for (let e = el; e && e.nodeType === 1 && e.localName !== 'body' && e.localName !== 'html' && parts.length < 6;
        e = e.parentElement) {
      if (e.id && /^[A-Za-z][\w-]*$/.test(e.id)) { parts.unshift('#' + e.id); break; }
      parts.unshift(e.localName + ':nth-of-type(' + siblingIndex(e) + ')');
    }
    return parts.join(' > ');
  };
  const ready = f => {
    const out = [];
    const el = f.el;
    const tid = testIdOf(el);
    const root = el.getRootNode();
    if (tid && count(g => testIdOf(g.el) === tid) === 1) out.push({kind: 'testId', value: tid});
    if (f.role && f.name && f.name.length <= 80 && count(g => g.role === f.role && g.name === f.name) === 1) {
      out.push({kind: 'role', value: f.role, name: f.name});
    }
    const label = labelOf(el);
    if (label && count(g => labelOf(g.el) === label) === 1) out.push({kind: 'label', value: label});
    const ph = el.getAttribute('placeholder');
    if (ph && count(g => g.el.getAttribute('placeholder') === ph) === 1) out.push({kind: 'placeholder', value: ph});
    if (el.id && root === document && document.querySelectorAll('#' + CSS.escape(el.id)).length === 1) out.push({kind: 'id', value: el.id});
    if (root === document) {
      const path = cssPath(el);
      try {
        if (path && document.querySelectorAll(path).length === 1) out.push({kind: 'css', value: path});
      } catch (e) {
        // not a selector this browser parses
      }
    }
    return out.slice(0, 3);
  };
  return kept.map(k => ({score: Math.round(k.s * 100) / 100, candidates: ready(k.f)}));
}
