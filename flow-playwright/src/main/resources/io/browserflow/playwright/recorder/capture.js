// BrowserFlow recorder: the capture script installed in every frame of a recorded browser context.
// It listens to real (trusted) user events only, describes the element each one acts on with
// candidate locators that are unique at record time, and sends one JSON event per user action to
// the recorder's binding. Values typed into password, one-time-code and card fields never leave
// the page: their events carry no value, only a salted fingerprint telling distinct values apart.
(cfg) => {
  const W = window;
  // One install per window. Listeners sit on the window, not the document: a popup's initial
  // about:blank document shares its window (and script context) with the document it then loads,
  // and no new-document script runs for that one.
  if (W[cfg.key]) {
    return;
  }
  const api = {};
  Object.defineProperty(W, cfg.key, {value: api, enumerable: false});

  let stopped = false;
  let seq = 0;
  const send = (ev) => {
    if (stopped) {
      return;
    }
    ev.seq = ++seq;
    ev.ts = Date.now();
    const fn = W[cfg.binding];
    if (typeof fn === 'function') {
      try {
        return fn(JSON.stringify(ev));
      } catch (e) {
        // the page is going away; nothing to do
      }
    }
  };

  // ------------------------------------------------------------------ text and names
  const norm = (s) => (s == null ? '' : String(s)).replace(/\s+/g, ' ').trim();

  const textOf = (node) => {
    let s = '';
    const visit = (n) => {
      if (n.nodeType === 3) {
        s += n.nodeValue;
        return;
      }
      if (n.nodeType !== 1 && n.nodeType !== 11) {
        return;
      }
      if (n.nodeType === 1) {
        const tag = n.localName;
        if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'noscript') {
          return;
        }
        if (tag === 'img') {
          s += ' ' + (n.getAttribute('alt') || '') + ' ';
        }
        if (tag === 'input') {
          const t = (n.getAttribute('type') || '').toLowerCase();
          if (t === 'button' || t === 'submit' || t === 'reset') {
            s += ' ' + n.value + ' ';
          }
        }
        if (tag === 'slot') {
          const assigned = n.assignedNodes();
          if (assigned.length) {
            assigned.forEach(visit);
            return;
          }
        }
        if (n.shadowRoot) {
          visit(n.shadowRoot);
          return;
        }
      }
      for (const c of n.childNodes) {
        visit(c);
      }
      if (n.nodeType === 1 && isBlock(n)) {
        s += ' ';
      }
    };
    visit(node);
    return s;
  };
  const BLOCK = new Set(['div', 'p', 'li', 'ul', 'ol', 'section', 'article', 'header', 'footer', 'tr', 'td', 'th',
    'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'br', 'form', 'nav', 'main', 'aside', 'label']);
  const isBlock = (el) => BLOCK.has(el.localName);

  const ROLES = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox',
    'option', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'switch', 'spinbutton', 'slider',
    'treeitem', 'heading', 'img', 'cell', 'gridcell', 'row', 'dialog', 'status', 'alert', 'navigation']);
  const NAME_FROM_CONTENT = new Set(['button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
    'option', 'treeitem', 'heading', 'cell', 'gridcell', 'row', 'checkbox', 'radio', 'switch']);

  const roleOf = (el) => {
    const explicit = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (explicit) {
      return explicit.toLowerCase();
    }
    const tag = el.localName;
    if (tag === 'button') return 'button';
    if (tag === 'a' || tag === 'area') return el.hasAttribute('href') ? 'link' : null;
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (tag === 'option') return 'option';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'img') return el.getAttribute('alt') === '' ? null : 'img';
    if (tag === 'input') {
      const t = (el.getAttribute('type') || 'text').toLowerCase();
      if (t === 'button' || t === 'submit' || t === 'reset' || t === 'image') return 'button';
      if (t === 'checkbox') return 'checkbox';
      if (t === 'radio') return 'radio';
      if (t === 'range') return 'slider';
      if (t === 'number') return 'spinbutton';
      if (t === 'search') return el.hasAttribute('list') ? 'combobox' : 'searchbox';
      if (t === 'email' || t === 'tel' || t === 'text' || t === 'url' || t === '') {
        return el.hasAttribute('list') ? 'combobox' : 'textbox';
      }
    }
    return null;
  };

  const byId = (el, id) => {
    const root = el.getRootNode();
    return root.getElementById ? root.getElementById(id) : document.getElementById(id);
  };

  const labelText = (label) => {
    // the label's text without the value of a control nested in it
    let s = '';
    const visit = (n) => {
      if (n.nodeType === 3) {
        s += n.nodeValue;
      } else if (n.nodeType === 1 && !['input', 'select', 'textarea', 'button', 'script', 'style'].includes(n.localName)) {
        n.childNodes.forEach(visit);
      }
    };
    visit(label);
    return norm(s);
  };

  // the text of the elements aria-labelledby names, '' without any
  const labelledByText = (el) => {
    const lb = el.getAttribute('aria-labelledby');
    return lb ? norm(lb.split(/\s+/).map((id) => {
      const r = byId(el, id);
      return r ? textOf(r) : '';
    }).join(' ')) : '';
  };

  const labelsOf = (el) => {
    const out = [];
    const lt = labelledByText(el);
    if (lt) out.push(lt);
    const al = norm(el.getAttribute('aria-label'));
    if (al) out.push(al);
    if (el.labels) {
      for (const l of el.labels) {
        const t = labelText(l);
        if (t) out.push(t);
      }
    }
    return out;
  };

  const nameOf = (el, role) => {
    const lt = labelledByText(el);
    if (lt) return lt;
    const al = norm(el.getAttribute('aria-label'));
    if (al) return al;
    const tag = el.localName;
    const type = (el.getAttribute('type') || '').toLowerCase();
    if (tag === 'input' && (type === 'button' || type === 'submit' || type === 'reset')) {
      return norm(el.getAttribute('value') || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : ''));
    }
    if (tag === 'input' && type === 'image') {
      return norm(el.getAttribute('alt') || el.getAttribute('value') || 'Submit');
    }
    if (el.labels && el.labels.length) {
      const t = norm(Array.from(el.labels).map(labelText).join(' '));
      if (t) return t;
    }
    if (tag === 'img') {
      return norm(el.getAttribute('alt') || el.getAttribute('title'));
    }
    if (NAME_FROM_CONTENT.has(role)) {
      const t = norm(textOf(el));
      if (t) return t;
    }
    return norm(el.getAttribute('title') || el.getAttribute('placeholder'));
  };

  // ------------------------------------------------------------------ scopes (open shadow roots pierced)
  const allIn = (scope) => {
    const out = [];
    const walk = (n) => {
      for (const c of n.children) {
        out.push(c);
        walk(c);
        if (c.shadowRoot) walk(c.shadowRoot);
      }
    };
    walk(scope);
    if (scope.nodeType === 1 && scope.shadowRoot) walk(scope.shadowRoot);
    return out;
  };

  // the open shadow roots under a scope, memoized while one element is described (the DOM cannot
  // change during that synchronous work)
  let rootsMemo = null;
  const shadowRootsUnder = (scope) => {
    if (rootsMemo && rootsMemo.has(scope)) return rootsMemo.get(scope);
    const roots = [];
    const visit = (root) => {
      root.querySelectorAll('*').forEach((e) => {
        if (e.shadowRoot) {
          roots.push(e.shadowRoot);
          visit(e.shadowRoot);
        }
      });
    };
    visit(scope);
    if (scope.nodeType === 1 && scope.shadowRoot) {
      roots.push(scope.shadowRoot);
      visit(scope.shadowRoot);
    }
    if (rootsMemo) rootsMemo.set(scope, roots);
    return roots;
  };

  const queryAll = (scope, sel) => {
    const out = [];
    try {
      scope.querySelectorAll(sel).forEach((e) => out.push(e));
      shadowRootsUnder(scope).forEach((r) => r.querySelectorAll(sel).forEach((e) => out.push(e)));
    } catch (e) {
      return null;
    }
    return out;
  };
  const countCss = (scope, sel) => {
    const r = queryAll(scope, sel);
    return r == null ? -1 : r.length;
  };

  const hostChain = (el) => {
    const chain = [];
    let r = el.getRootNode();
    while (r && r.host) {
      chain.unshift(r.host);
      r = r.host.getRootNode();
    }
    return chain;
  };

  // ------------------------------------------------------------------ css
  const q = (v) => '"' + String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\a ') + '"';
  const ident = (s) => (W.CSS && CSS.escape ? CSS.escape(s) : s);
  const GENERATED = [/\d{3,}/, /^[a-f0-9]{8,}$/i, /[0-9a-f]{8}-[0-9a-f]{4}-/i, /:/, /^(css|sc|jsx|emotion|ember|ext-gen|mui|rc|react|ng|v|el|x|svelte)-[a-z0-9]*\d/i,
    /__[a-zA-Z0-9]{5,}$/, /^[a-zA-Z]{1,3}[0-9][a-zA-Z0-9]{3,}$/, /[A-Z].*\d|\d.*[A-Z]/];
  const looksGenerated = (s) => !s || s.length > 40 || GENERATED.some((re) => re.test(s));
  const STATE_CLASS = /^(is-|has-)|^(active|hover|hovered|focus|focused|selected|open|opened|show|shown|visible|hidden|disabled|checked|current|fade.*|ng-.*|.*-(enter|leave|active|appear)(-.*)?)$/i;
  const stableClasses = (el) => Array.from(el.classList).filter((c) => !looksGenerated(c) && !STATE_CLASS.test(c)).slice(0, 3);

  const TEST_ATTRS = ['data-testid', 'data-test', 'data-cy', 'data-qa'];

  const simpleSelectors = (el) => {
    const tag = ident(el.localName);
    const out = [];
    for (const a of TEST_ATTRS) {
      const v = el.getAttribute(a);
      if (v) out.push(tag + '[' + a + '=' + q(v) + ']');
    }
    if (el.id && !looksGenerated(el.id)) out.push(tag + '#' + ident(el.id));
    for (const a of ['name', 'aria-label', 'title', 'placeholder', 'for', 'alt', 'type', 'role']) {
      const v = el.getAttribute(a);
      if (v && v.length <= 60 && !looksGenerated(v)) out.push(tag + '[' + a + '=' + q(v) + ']');
    }
    const cls = stableClasses(el);
    if (cls.length) {
      out.push(tag + '.' + cls.map(ident).join('.'));
      if (cls.length > 1) out.push(tag + '.' + ident(cls[0]));
    }
    const href = el.getAttribute('href');
    if (href && href.length <= 60 && !/\d{3,}|[?&](token|session|sid|ts)=/i.test(href)) out.push(tag + '[href=' + q(href) + ']');
    out.push(tag);
    return out;
  };

  const nthPath = (el, scope) => {
    const parts = [];
    let cur = el;
    while (cur && cur.nodeType === 1 && cur !== scope) {
      const anchor = simpleSelectors(cur).find((s) => /[#\[]/.test(s) && !/\[type=|\[role=/.test(s));
      if (anchor && countCss(scope, anchor) === 1) {
        parts.unshift(anchor);
        break;
      }
      let n = 1;
      for (let s = cur.previousElementSibling; s; s = s.previousElementSibling) {
        if (s.localName === cur.localName) n++;
      }
      parts.unshift(ident(cur.localName) + ':nth-of-type(' + n + ')');
      const parent = cur.parentElement;
      if (!parent) break;
      cur = parent;
    }
    return parts.join(' > ');
  };

  const cssFor = (el, scope) => {
    const own = simpleSelectors(el);
    for (const s of own) {
      if (countCss(scope, s) === 1) return {css: s, fragile: false};
    }
    const mine = own.slice(0, 4);
    let anc = el.parentElement;
    for (let depth = 0; anc && depth < 4; depth++, anc = anc.parentElement) {
      if (anc === scope) break;
      for (const a of simpleSelectors(anc).slice(0, 4)) {
        if (a === ident(anc.localName) && depth > 0) continue;
        for (const m of mine) {
          if (countDescendant(scope, a, m) === 1) return {css: a + ' ' + m, fragile: false};
        }
      }
    }
    return {css: nthPath(el, scope), fragile: true};
  };

  // "a m" as Playwright's css engine counts it: its descendant combinator crosses shadow roots
  const composedParent = (e) => e.parentElement || (e.parentNode && e.parentNode.host) || null;
  const countDescendant = (scope, a, m) => {
    const ms = queryAll(scope, m);
    if (ms == null) return -1;
    let n = 0;
    for (const e of ms) {
      for (let p = composedParent(e); p && p !== scope; p = composedParent(p)) {
        if (p.matches(a)) {
          n++;
          break;
        }
      }
    }
    return n;
  };

  // ------------------------------------------------------------------ candidates
  const testIdCss = (v) => TEST_ATTRS.map((a) => '[' + a + '=' + q(v) + ']').join(',');

  const deepestWithText = (el, text) => {
    // what an exact text locator resolves to: the deepest element whose text is exactly `text`
    for (const c of el.children) {
      if (norm(textOf(c)) === text) return deepestWithText(c, text);
    }
    if (el.shadowRoot) {
      for (const c of el.shadowRoot.children) {
        if (norm(textOf(c)) === text) return deepestWithText(c, text);
      }
    }
    return el;
  };

  const FIELD = (el) => ['input', 'textarea', 'select'].includes(el.localName) || el.isContentEditable;

  const describe = (el, purpose) => {
    rootsMemo = new Map();
    try {
      return describeUnmemoized(el, purpose);
    } finally {
      rootsMemo = null;
    }
  };

  const describeUnmemoized = (el, purpose) => {
    const chain = hostChain(el);
    const scopeOf = (i) => (i === 0 ? el.ownerDocument : chain[i - 1]);
    const shadow = chain.map((h, i) => cssFor(h, scopeOf(i)).css);
    const scope = chain.length ? chain[chain.length - 1] : el.ownerDocument;
    let all = null;
    const elements = () => all || (all = allIn(scope));
    const cands = [];
    const add = (c) => {
      if (!cands.some((x) => x.k === c.k && x.v === c.v && x.n === c.n)) cands.push(c);
    };

    for (const a of TEST_ATTRS) {
      const v = el.getAttribute(a);
      if (v && countCss(scope, testIdCss(v)) === 1) {
        add({k: 'testId', v});
        break;
      }
    }
    if (el.id && !looksGenerated(el.id) && countCss(scope, '[id=' + q(el.id) + ']') === 1) add({k: 'id', v: el.id});
    const role = roleOf(el);
    if (role && ROLES.has(role)) {
      const name = nameOf(el, role);
      if (name && name.length <= 80) {
        const same = elements().filter((e) => roleOf(e) === role && nameOf(e, role) === name);
        if (same.length === 1 && same[0] === el) add({k: 'role', v: role, n: name});
      }
    }
    const nm = el.getAttribute('name');
    if (nm && FIELD(el)) {
      const s = ident(el.localName) + '[name=' + q(nm) + ']';
      if (countCss(scope, s) === 1) add({k: 'css', v: s});
    }
    if (FIELD(el)) {
      for (const l of labelsOf(el)) {
        if (l.length <= 80 && elements().filter((e) => labelsOf(e).includes(l)).length === 1) {
          add({k: 'label', v: l});
          break;
        }
      }
      const ph = norm(el.getAttribute('placeholder'));
      if (ph && elements().filter((e) => norm(e.getAttribute('placeholder')) === ph).length === 1) add({k: 'placeholder', v: ph});
    }
    if (purpose === 'click' && !FIELD(el)) {
      const t = norm(textOf(el));
      if (t && t.length <= 40) {
        const d = deepestWithText(el, t);
        // textContent (native, fast) rules most elements out before the exact text is computed
        const words = t.split(' ');
        const matches = elements().filter((e) => (e.shadowRoot || (e.textContent || '').includes(words[0])
            || e.localName === 'input')
          && norm(textOf(e)) === t
          && !Array.from(e.children).some((c) => norm(textOf(c)) === t)
          && !(e.shadowRoot && Array.from(e.shadowRoot.children).some((c) => norm(textOf(c)) === t)));
        if (matches.length === 1 && matches[0] === d) add({k: 'text', v: t});
      }
    }
    let semantic = cands.slice(0, 3);
    const css = cssFor(el, scope);
    const fragile = semantic.length === 0 && css.fragile;
    if (!semantic.some((c) => c.k === 'css' && c.v === css.css) && (semantic.length < 2 || !css.fragile)) {
      semantic.push({k: 'css', v: css.css});
    }
    return {c: semantic, shadow, fragile, desc: simpleSelectors(el)[0]};
  };

  // what a live session (BrowserSession) asks of an element: its candidates, role and accessible name
  api.describe = (el, purpose) => describe(el, purpose);
  api.roleOf = (el) => roleOf(el);
  api.nameOf = (el, asRole) => {
    const role = asRole || roleOf(el);
    return role ? nameOf(el, role) : '';
  };

  api.frameOwner = (el) => {
    rootsMemo = new Map();
    try {
      return frameOwnerUnmemoized(el);
    } finally {
      rootsMemo = null;
    }
  };
  const frameOwnerUnmemoized = (el) => {
    const tag = ident(el.localName);
    const scope = el.ownerDocument;
    const tries = [];
    if (el.id && !looksGenerated(el.id)) tries.push(tag + '#' + ident(el.id));
    for (const a of TEST_ATTRS.concat(['name', 'title'])) {
      const v = el.getAttribute(a);
      if (v && !looksGenerated(v)) tries.push(tag + '[' + a + '=' + q(v) + ']');
    }
    const src = el.getAttribute('src');
    if (src && src.length <= 80 && !/\d{3,}|[?&]/.test(src)) tries.push(tag + '[src=' + q(src) + ']');
    for (const s of tries) {
      if (countCss(scope, s) === 1) return s;
    }
    return cssFor(el, scope).css;
  };

  // ------------------------------------------------------------------ fields and secrets
  const TEXTLIKE = new Set(['', 'text', 'email', 'search', 'tel', 'url', 'password', 'number', 'date', 'datetime-local',
    'month', 'week', 'time', 'color', 'range']);
  const isTextField = (el) => (el.localName === 'input' && TEXTLIKE.has((el.getAttribute('type') || '').toLowerCase()))
    || el.localName === 'textarea' || el.isContentEditable;
  const isToggle = (el) => el.localName === 'input' && ['checkbox', 'radio'].includes((el.getAttribute('type') || '').toLowerCase());
  const isFile = (el) => el.localName === 'input' && (el.getAttribute('type') || '').toLowerCase() === 'file';

  const secretKind = (el) => {
    if (el.localName !== 'input') return null;
    const type = (el.getAttribute('type') || '').toLowerCase();
    if (type === 'password') return 'password';
    const ac = (el.getAttribute('autocomplete') || '').toLowerCase();
    if (ac.includes('one-time-code')) return 'otp';
    if (/cc-(number|csc|exp)/.test(ac)) return 'card';
    if (ac.includes('password')) return 'password';
    const hint = [el.name, el.id, el.getAttribute('aria-label'), el.getAttribute('placeholder')]
      .concat(el.labels ? Array.from(el.labels).map(labelText) : []).join(' ').toLowerCase();
    if (/(^|[^a-z])(otp|one.?time|verification.?code|2fa|totp|passcode|sms.?code)([^a-z]|$)|验证码|动态码|校验码/.test(hint)) return 'otp';
    if (/card.?(number|no)|cardnumber|(^|[^a-z])(cc.?num|cvv|cvc|cvv2)([^a-z]|$)|security.?code|卡号|信用卡/.test(hint)) return 'card';
    if (/password|passwd|(^|[^a-z])(pwd|pin)([^a-z]|$)|密码|口令/.test(hint)) return 'password';
    return null;
  };
  const fieldHint = (el) => el.getAttribute('name') || el.id || el.getAttribute('autocomplete') || '';

  // ------------------------------------------------------------------ pending input and scroll
  let pendingField = null;
  let pendingScroll = null;
  let scrollTimer = null;

  // a salted fingerprint tells distinct secret values apart (two users' passwords, a wrong one on
  // purpose) without the value leaving the page; the recorder keeps it in memory only
  const fingerprint = (v) => {
    const s = cfg.salt + '\u0000' + v;
    let a = 0x811c9dc5, b = 0x9747b28c;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 16777619) >>> 0;
      b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
      b = (b ^ (b >>> 15)) >>> 0;
    }
    return a.toString(16) + b.toString(16);
  };
  // a field that looked secret while typed into stays secret (a "show password" toggle must not leak it)
  const secretFields = new WeakMap();
  const lastSecret = new WeakMap(); // in this page only, never sent
  let secretCount = 0;
  const fillEvent = (el) => {
    const ev = {type: 'fill', target: describe(el, 'fill')};
    const kind = secretFields.has(el) ? secretFields.get(el).kind : secretKind(el);
    if (kind) {
      ev.secret = true;
      ev.secretKind = kind;
      ev.field = secretFields.has(el) ? secretFields.get(el).n : 0;
      ev.hint = fieldHint(el);
      const v = el.isContentEditable ? el.innerText : el.value;
      if (v) ev.secretId = fingerprint(v);
      // typing on (or correcting) in the same field is the same secret, not another one
      const before = lastSecret.get(el);
      if (before && v && (v.includes(before) || before.includes(v))) ev.secretContinues = true;
      if (v) lastSecret.set(el, v);
    } else {
      ev.value = el.isContentEditable ? el.innerText : el.value;
      ev.hint = fieldHint(el) || (el.labels && el.labels[0] ? labelText(el.labels[0]) : '') || norm(el.getAttribute('placeholder'));
    }
    return ev;
  };

  const flushScroll = () => {
    if (scrollTimer) {
      clearTimeout(scrollTimer);
      scrollTimer = null;
    }
    if (pendingScroll) {
      const s = pendingScroll;
      pendingScroll = null;
      const isPage = s === document || s === document.scrollingElement || s === document.documentElement || s === document.body;
      if (isPage) {
        send({type: 'scroll', x: Math.round(W.scrollX), y: Math.round(W.scrollY)});
      } else if (s.isConnected) {
        send({type: 'scroll', target: describe(s, 'scroll'), x: Math.round(s.scrollLeft), y: Math.round(s.scrollTop)});
      }
    }
  };

  const flush = () => {
    flushScroll();
    if (pendingField) {
      const el = pendingField;
      pendingField = null;
      if (el.isConnected) send(fillEvent(el));
    }
  };
  api.flush = () => {
    flush();
    return seq;
  };
  api.stop = () => {
    flush();
    stopped = true;
  };

  // ------------------------------------------------------------------ dialogs and window.close
  // alert/confirm/prompt return once the person answered: the answer is sent after the call, with
  // typed text first flushed so the dialog follows the step that opened it. A window closed by a
  // script (a popup after saving, often closed by its opener) says so before it goes, which the
  // recorder cannot tell from a person closing the tab otherwise.
  const answered = (kind, original) => function (...args) {
    flush();
    const result = original.apply(this, args);
    const message = args.length > 0 && args[0] !== undefined ? String(args[0]) : '';
    const ev = {type: 'dialog', kind, message};
    if (kind === 'alert') {
      ev.answer = 'accept';
    } else if (kind === 'confirm') {
      ev.answer = result ? 'accept' : 'dismiss';
    } else {
      ev.answer = result === null ? 'dismiss' : 'accept';
      if (result !== null) ev.text = String(result);
    }
    send(ev);
    return result;
  };
  for (const kind of ['alert', 'confirm', 'prompt']) {
    const original = W[kind];
    if (typeof original === 'function') {
      W[kind] = answered(kind, original);
    }
  }
  const originalClose = W.close;
  if (typeof originalClose === 'function') {
    W.close = function (...args) {
      flush();
      const said = send({type: 'closing'});
      const self = this;
      let closed = false;
      const close = () => {
        if (!closed) {
          closed = true;
          originalClose.apply(self, args);
        }
      };
      // close once the recorder has answered (a window closing under an unanswered binding call
      // fails the recorder's next browser call), or after a second at the latest
      if (said && typeof said.then === 'function') {
        said.then(close, close);
        setTimeout(close, 1000);
      } else {
        close();
      }
    };
  }

  // ------------------------------------------------------------------ listeners
  const targetOf = (e) => {
    const t = e.composedPath ? e.composedPath()[0] : e.target;
    return t && t.nodeType === 1 ? t : (t && t.parentElement) || null;
  };
  const modifiersOf = (e) => {
    const m = [];
    if (e.altKey) m.push('Alt');
    if (e.ctrlKey) m.push('Control');
    if (e.metaKey) m.push('Meta');
    if (e.shiftKey) m.push('Shift');
    return m;
  };
  const closestComposed = (el, sel) => {
    for (let cur = el; cur; cur = cur.parentElement || (cur.getRootNode() && cur.getRootNode().host)) {
      if (cur.matches && cur.matches(sel)) return cur;
    }
    return null;
  };

  const OVERLAY = /(^|[-_\s])(loading|loader|overlay|backdrop|mask|spinner|busy|blocker)([-_\s]|$)/i;
  const isOverlay = (el) => {
    for (let cur = el, i = 0; cur && cur.nodeType === 1 && i < 3; cur = cur.parentElement, i++) {
      const label = (typeof cur.className === 'string' ? cur.className : '') + ' ' + (cur.id || '');
      if (OVERLAY.test(label) && !roleOf(cur) && norm(textOf(cur)).length <= 30) return true;
    }
    return false;
  };

  // a click on an element made actionable by a hover (menu that opens on hover)
  let revealer = null;
  let revealSent = null;
  let overSince = 0;
  let overEl = null;
  const observer = new MutationObserver((records) => {
    if (!overEl || Date.now() - overSince > 3000) return;
    if (records.some((r) => r.type === 'childList' ? r.addedNodes.length > 0 : true)) {
      revealer = overEl;
    }
  });
  const watch = (root) => observer.observe(root, {subtree: true, childList: true, attributes: true,
    attributeFilter: ['style', 'class', 'hidden', 'open', 'aria-expanded']});

  const INTERACTIVE = 'a,button,input,select,textarea,label,summary,[role],[onclick],[tabindex],[data-testid],[data-test],[data-cy],[data-qa]';
  const clickable = (el) => closestComposed(el, INTERACTIVE) || el;

  const emitHoverFor = (target) => {
    if (revealer && revealer !== revealSent && revealer.isConnected && revealer !== target
      && !target.contains(revealer) && revealer.matches(':hover')) {
      revealSent = revealer;
      send({type: 'hover', target: describe(revealer, 'click')});
    }
  };

  let suppressClickUntil = 0;
  let lastEnter = 0;
  let dragSource = null;
  let pointerDown = null;

  const onClick = (e) => {
    if (!e.isTrusted) return;
    const raw = targetOf(e);
    if (!raw) return;
    if (Date.now() < suppressClickUntil) return;
    if (e.detail === 0 && Date.now() - lastEnter < 200) return; // Enter activating a default button: recorded as the press
    if (e.detail === 2) return; // the second click of a double click (the dblclick stands for both)
    const el = clickable(raw);
    if (el.localName === 'select' || el.localName === 'option' || isToggle(el) || isFile(el)) return;
    if (el.localName === 'label' && el.control && (isToggle(el.control) || isFile(el.control))) return;
    if (el === raw && !closestComposed(raw, INTERACTIVE) && isOverlay(raw)) {
      flush();
      send({type: 'skip', reason: 'overlay', what: simpleSelectors(raw)[0]});
      return;
    }
    if (pendingField && pendingField !== el) flush();
    flushScroll();
    emitHoverFor(el);
    const ev = {type: 'click', target: describe(el, 'click'), button: e.type === 'auxclick' ? 'middle' : 'left', modifiers: modifiersOf(e)};
    if (el.localName === 'canvas') {
      const r = el.getBoundingClientRect();
      ev.offset = {x: Math.round(e.clientX - r.left), y: Math.round(e.clientY - r.top)};
    }
    ev.field = isTextField(el);
    send(ev);
  };

  const onAuxClick = (e) => {
    if (e.button === 1) onClick(e);
  };

  // double and right clicks: the event's type is the step's
  const onPointerAction = (e) => {
    if (!e.isTrusted) return;
    const raw = targetOf(e);
    if (!raw) return;
    flush();
    send({type: e.type, target: describe(clickable(raw), 'click')});
  };

  const onInput = (e) => {
    if (!e.isTrusted) return;
    const el = targetOf(e);
    if (!el || !isTextField(el)) return;
    const field = el.isContentEditable ? closestComposed(el, '[contenteditable]:not([contenteditable=false])') || el : el;
    if (pendingField && pendingField !== field) flush();
    flushScroll();
    const kind = secretKind(field);
    if (kind && !secretFields.has(field)) secretFields.set(field, {kind, n: ++secretCount});
    // every change goes out at once (the recorder merges them into one fill): a page that navigates
    // or closes on a keystroke loses nothing, and nothing typed waits for a blur
    pendingField = field;
    flush();
  };

  const handled = new WeakSet();
  const onChange = (e) => {
    if (!e.isTrusted || handled.has(e)) return;
    handled.add(e);
    const el = targetOf(e);
    if (!el) return;
    if (el.localName === 'select') {
      flush();
      const opt = el.selectedOptions && el.selectedOptions[0];
      send({type: 'select', target: describe(el, 'select'), value: el.value, label: opt ? norm(opt.text) : ''});
    } else if (isToggle(el)) {
      flush();
      send({type: el.checked ? 'check' : 'uncheck', target: describe(el, 'check')});
    } else if (isFile(el)) {
      flush();
      send({type: 'upload', target: describe(el, 'upload'), count: el.files ? el.files.length : 0, hint: fieldHint(el)});
    } else if (isTextField(el) && pendingField === el) {
      flush();
    }
  };

  const SPECIAL = new Set(['Enter', 'Escape', 'Tab']);
  const WIDGET_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);
  const WIDGET = '[role=combobox],[role=listbox],[role=menu],[role=menubar],[role=menuitem],[role=option],[role=tree],'
    + '[role=treeitem],[role=grid],[role=tablist],[role=tab],[aria-activedescendant]';
  const SCROLL_KEYS = new Set(['PageDown', 'PageUp', 'End', 'Home', 'ArrowDown', 'ArrowUp', ' ']);
  let scrollIntent = 0;
  // keys the browser acts on, not the page (address bar, tabs, windows, reload, history, bookmarks,
  // downloads, devtools): never the page's own key presses
  const RESERVED_CTRL = new Set(['n', 't', 'w', 'Tab', 'PageUp', 'PageDown', 'q']);
  const BROWSER_CTRL = new Set(['l', 'r', 'd', 'h', 'j', 'o', 'k', 'e']);
  const BROWSER_KEYS = new Set(['F5', 'F6', 'F11', 'F12', 'BrowserBack', 'BrowserForward', 'BrowserRefresh', 'BrowserHome']);
  const browserKey = (e) => {
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const ctl = (e.ctrlKey || e.metaKey) && !e.altKey;
    if (ctl && (RESERVED_CTRL.has(k) || /^[1-9]$/.test(k))) return 'reserved';
    if (BROWSER_KEYS.has(e.key) || (ctl && BROWSER_CTRL.has(k))
        || (e.altKey && !e.ctrlKey && !e.metaKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home'))) {
      return 'browser';
    }
    return null;
  };
  const onKeyDown = (e) => {
    if (!e.isTrusted) return;
    const browser = browserKey(e);
    if (browser === 'reserved') return;
    const el = targetOf(e); // now: the event's path is gone once it is dispatched
    if (browser) {
      // the page's own shortcut only when a handler of the page took it (prevented the browser's
      // action): decided when the event bubbles back to the window, in order with the next keys;
      // a handler that stopped it on the way is caught after the dispatch
      const pending = {e, el};
      pendingBrowserKey = pending;
      setTimeout(() => {
        if (pendingBrowserKey === pending) {
          pendingBrowserKey = null;
          if (e.defaultPrevented) recordKey(e, el);
        }
      }, 0);
      return;
    }
    recordKey(e, el);
  };
  let pendingBrowserKey = null;
  const onKeyDownBubbled = (e) => {
    const pending = pendingBrowserKey;
    if (!pending || pending.e !== e) return;
    pendingBrowserKey = null;
    if (e.defaultPrevented) recordKey(e, pending.el);
  };
  const recordKey = (e, el) => {
    const editable = el && isTextField(el);
    if (SCROLL_KEYS.has(e.key) && !editable) scrollIntent = Date.now();
    const mods = modifiersOf(e).filter((m) => m !== 'Shift' || SPECIAL.has(e.key) || e.ctrlKey || e.metaKey || e.altKey);
    const modifierKey = ['Control', 'Alt', 'Meta', 'Shift'].includes(e.key);
    let record = false;
    if (SPECIAL.has(e.key)) {
      record = !(e.key === 'Enter' && el && (el.localName === 'textarea' || el.isContentEditable) && mods.length === 0);
    } else if (WIDGET_KEYS.has(e.key) && el && el.localName !== 'select' && closestComposed(el, WIDGET)) {
      record = true; // keyboard choices in custom comboboxes, listboxes, menus, trees, grids, tab lists
    } else if (!modifierKey && (e.ctrlKey || e.metaKey || e.altKey)) {
      record = !(editable && /^[acvxzy]$/i.test(e.key));
    } else if (!modifierKey && /^F([1-9]|1[0-2])$/.test(e.key) && e.defaultPrevented) {
      record = true; // a function key the page handles
    }
    if (!record) return;
    if (e.key === 'Enter') lastEnter = Date.now();
    flush();
    const ev = {type: 'press', key: e.key.length === 1 && !e.shiftKey ? e.key.toLowerCase() : e.key, modifiers: mods};
    if (el && el !== document.body && el !== document.documentElement) ev.target = describe(el, 'press');
    send(ev);
  };

  const onMouseOver = (e) => {
    if (!e.isTrusted) return;
    const el = targetOf(e);
    if (!el) return;
    overEl = clickable(el);
    overSince = Date.now();
  };

  const onWheel = (e) => {
    if (e.isTrusted) scrollIntent = Date.now();
  };

  const onScroll = (e) => {
    if (Date.now() - scrollIntent > 1500 || handled.has(e)) return;
    handled.add(e);
    const t = e.target;
    if (pendingScroll && pendingScroll !== t) flushScroll();
    pendingScroll = t;
    if (scrollTimer) clearTimeout(scrollTimer);
    scrollTimer = setTimeout(flushScroll, cfg.scrollIdleMs || 400);
  };

  const onDragStart = (e) => {
    if (!e.isTrusted) return;
    const el = targetOf(e);
    if (!el) return;
    flush();
    dragSource = {el, desc: describe(closestComposed(el, '[draggable=true]') || el, 'click')};
  };
  const onDrop = (e) => {
    if (!e.isTrusted || !dragSource) return;
    const el = targetOf(e);
    if (!el) return;
    send({type: 'drag', from: dragSource.desc, to: describe(clickable(el), 'click')});
    dragSource = null;
    pointerDown = null;
    suppressClickUntil = Date.now() + 300;
  };
  const onPointerDown = (e) => {
    if (!e.isTrusted || e.button !== 0) return;
    const el = targetOf(e);
    if (!el) return;
    pointerDown = {el, x: e.clientX, y: e.clientY, desc: null};
    try {
      pointerDown.desc = describe(clickable(el), 'click');
    } catch (err) {
      pointerDown = null;
    }
  };
  const onPointerUp = (e) => {
    if (!e.isTrusted || !pointerDown || dragSource) return;
    const down = pointerDown;
    pointerDown = null;
    const el = targetOf(e);
    if (!el) return;
    const moved = Math.hypot(e.clientX - down.x, e.clientY - down.y);
    const from = clickable(down.el);
    const to = clickable(el);
    const selecting = moved > 10 && W.getSelection && String(W.getSelection()).length > 0;
    if (selecting) {
      // selecting text: neither a drag nor the click that follows on a common ancestor
      suppressClickUntil = Date.now() + 300;
    } else if (moved > 10 && from !== to && !from.contains(to) && !to.contains(from) && !isTextField(from)) {
      flush();
      send({type: 'drag', from: down.desc, to: describe(to, 'click')});
      suppressClickUntil = Date.now() + 300;
    } else if (moved > 10 && down.el !== el) {
      // the click that follows lands on a common ancestor: a text selection or a slip, not a click
      suppressClickUntil = Date.now() + 300;
    }
  };
  const onFocusOut = (e) => {
    if (pendingField && targetOf(e) === pendingField) flush();
  };

  // watches a document or shadow root and hooks the open shadow roots in it
  const watchTree = (root) => {
    try {
      watch(root);
    } catch (err) {
      // not observable (a document whose element is not there yet)
    }
    root.querySelectorAll('*').forEach((e) => {
      if (e.shadowRoot) hookRoot(e.shadowRoot);
    });
  };

  const hooked = new WeakSet();
  const hookRoot = (root) => {
    if (hooked.has(root)) return;
    hooked.add(root);
    // change and scroll do not cross shadow boundaries: listen inside each root
    root.addEventListener('change', onChange, true);
    root.addEventListener('scroll', onScroll, true);
    watchTree(root);
  };

  const origAttach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = origAttach.call(this, init);
    if (init && init.mode === 'open') hookRoot(root);
    return root;
  };

  const opts = {capture: true};
  const listen = () => {
  W.addEventListener('click', onClick, opts);
  W.addEventListener('auxclick', onAuxClick, opts);
  W.addEventListener('dblclick', onPointerAction, opts);
  W.addEventListener('contextmenu', onPointerAction, opts);
  W.addEventListener('input', onInput, opts);
  W.addEventListener('change', onChange, opts);
  W.addEventListener('keydown', onKeyDown, opts);
  W.addEventListener('keydown', onKeyDownBubbled, false);
  W.addEventListener('mouseover', onMouseOver, opts);
  W.addEventListener('wheel', onWheel, {capture: true, passive: true});
  W.addEventListener('scroll', onScroll, opts);
  W.addEventListener('dragstart', onDragStart, opts);
  W.addEventListener('drop', onDrop, opts);
  W.addEventListener('pointerdown', onPointerDown, opts);
  W.addEventListener('pointerup', onPointerUp, opts);
  W.addEventListener('focusout', onFocusOut, opts);
  W.addEventListener('pagehide', flush, true);
  };
  listen();
  // document.open() (also implied by document.write on a loaded document) removes the window's
  // listeners; adding the same listeners again is a no-op otherwise
  for (const name of ['open', 'write', 'writeln']) {
    const orig = Document.prototype[name];
    Document.prototype[name] = function (...args) {
      const r = orig.apply(this, args);
      if (this === document) {
        listen();
        W.addEventListener('DOMContentLoaded', scan, true);
        setTimeout(scan, 0);
      }
      return r;
    };
  }

  const scan = () => watchTree(document);
  // every document this window shows (see above) is scanned once it is parsed
  W.addEventListener('DOMContentLoaded', scan, true);
  if (document.readyState !== 'loading') {
    scan();
  }
}
