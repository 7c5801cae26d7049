/*
 * BrowserFlow contract runtime: the declarative behaviours the in-memory driver interprets natively,
 * implemented for real browsers so one HTML fixture behaves the same in both. PageDriverContract inlines
 * it into every page it serves.
 *
 *   data-on-click | -dblclick | -contextmenu | -hover | -input | -change | -drop | -submit | -keydown | -keyup
 *     | -mousedown | -mouseup | -mouseout
 *       = "verb:arg; verb:arg"
 *     verbs: show:<css> hide:<css> toggle:<css> enable:<css> disable:<css> text:<css>=<text>
 *            append:<css>=<text> remove:<css>
 *            title:<text> navigate:<url> popup:<url> download:<file name>
 *            alert:<message> confirm:<css>=<message> (writes true/false) prompt:<css>=<message> (the answer or null)
 *   data-beforeunload on an element: leaving the page asks first (a beforeunload dialog)
 *     data-on-<event>-delay="ms" runs the list later. Selectors are matched in the document and in each
 *     open shadow root separately.
 *   data-show-after / data-hide-after / data-attach-after / data-detach-after = "ms" (from DOMContentLoaded)
 */
(function () {
  'use strict';
  if (window.__browserflowRuntime) {
    return;
  }
  window.__browserflowRuntime = true;

  var VERBS = ['show', 'hide', 'toggle', 'enable', 'disable', 'text', 'append', 'remove', 'title', 'navigate', 'popup',
    'download', 'alert', 'confirm', 'prompt'];
  var EVENTS = { click: 'click', dblclick: 'dblclick', contextmenu: 'contextmenu', hover: 'mouseover',
    input: 'input', change: 'change', drop: 'drop', submit: 'submit', keydown: 'keydown', keyup: 'keyup',
    mousedown: 'mousedown', mouseup: 'mouseup', mouseout: 'mouseout' };

  function splitTop(s, sep) {
    var out = [], depth = 0, quote = null, start = 0;
    for (var i = 0; i < s.length; i++) {
      var c = s.charAt(i);
      if (quote) {
        if (c === quote) { quote = null; }
      } else if (c === '"' || c === "'") {
        quote = c;
      } else if (c === '[' || c === '(') {
        depth++;
      } else if (c === ']' || c === ')') {
        depth--;
      } else if (c === sep && depth <= 0) {
        out.push(s.substring(start, i));
        start = i + 1;
      }
    }
    out.push(s.substring(start));
    return out;
  }

  function parse(list, attribute) {
    var out = [];
    splitTop(list, ';').forEach(function (part) {
      var p = part.trim();
      if (!p) { return; }
      var colon = p.indexOf(':');
      var verb = (colon < 0 ? p : p.substring(0, colon)).trim().toLowerCase();
      var arg = colon < 0 ? '' : p.substring(colon + 1).trim();
      if (VERBS.indexOf(verb) < 0) {
        throw new Error('unknown behaviour "' + verb + '" in ' + attribute);
      }
      var value = '';
      if (verb === 'text' || verb === 'append' || verb === 'confirm' || verb === 'prompt') {
        var sides = splitTop(arg, '=');
        if (sides.length < 2) { throw new Error('behaviour ' + verb + ' needs <css>=<text> in ' + attribute); }
        value = arg.substring(sides[0].length + 1);
        arg = sides[0].trim();
      }
      out.push({ verb: verb, arg: arg, value: value });
    });
    return out;
  }

  function roots(root, out) {
    out = out || [root];
    var all = root.querySelectorAll('*');
    for (var i = 0; i < all.length; i++) {
      if (all[i].shadowRoot) {
        out.push(all[i].shadowRoot);
        roots(all[i].shadowRoot, out);
      }
    }
    return out;
  }

  function each(doc, selector) {
    var out = [];
    roots(doc).forEach(function (r) {
      var found = r.querySelectorAll(selector);
      for (var i = 0; i < found.length; i++) { out.push(found[i]); }
    });
    return out;
  }

  function show(el) {
    el.removeAttribute('hidden');
    if (el.style.display === 'none') { el.style.display = ''; }
    if (el.style.visibility === 'hidden' || el.style.visibility === 'collapse') { el.style.visibility = ''; }
  }

  function hide(el) {
    el.setAttribute('hidden', '');
  }

  function shown(el) {
    return !el.hasAttribute('hidden') && el.style.display !== 'none'
      && el.style.visibility !== 'hidden' && el.style.visibility !== 'collapse';
  }

  function apply(doc, a) {
    var win = doc.defaultView || window;
    switch (a.verb) {
      case 'show': each(doc, a.arg).forEach(show); break;
      case 'hide': each(doc, a.arg).forEach(hide); break;
      case 'toggle': each(doc, a.arg).forEach(function (e) { if (shown(e)) { hide(e); } else { show(e); } }); break;
      case 'enable': each(doc, a.arg).forEach(function (e) { e.removeAttribute('disabled'); }); break;
      case 'disable': each(doc, a.arg).forEach(function (e) { e.setAttribute('disabled', ''); }); break;
      case 'text': each(doc, a.arg).forEach(function (e) { e.textContent = a.value; }); break;
      case 'append': each(doc, a.arg).forEach(function (e) { e.textContent += a.value; }); break;
      case 'remove': each(doc, a.arg).forEach(function (e) { e.remove(); }); break;
      case 'title': doc.title = a.arg; break;
      case 'navigate': win.location.href = new URL(a.arg, doc.baseURI).href; break;
      case 'popup': win.open(new URL(a.arg, doc.baseURI).href, '_blank'); break;
      case 'alert': win.alert(a.arg); break;
      case 'confirm': {
        var ok = win.confirm(a.value);
        each(doc, a.arg).forEach(function (e) { e.textContent = String(ok); });
        break;
      }
      case 'prompt': {
        var typed = win.prompt(a.value, '');
        each(doc, a.arg).forEach(function (e) { e.textContent = typed === null ? 'null' : typed; });
        break;
      }
      default: {
        var link = doc.createElement('a');
        link.href = URL.createObjectURL(new Blob([a.arg], { type: 'application/octet-stream' }));
        link.download = a.arg;
        doc.body.appendChild(link);
        link.click();
        link.remove();
      }
    }
  }

  function run(el, list, attribute) {
    var doc = el.ownerDocument;
    parse(list, attribute).forEach(function (a) { apply(doc, a); });
  }

  window.addEventListener('beforeunload', function (e) {
    if (document.querySelector('[data-beforeunload]')) {
      e.preventDefault();
      e.returnValue = '';
    }
  });

  var handled = new WeakSet();

  function listener(name) {
    var attribute = 'data-on-' + name;
    return function (event) {
      if (handled.has(event)) { return; }
      handled.add(event);
      var path = event.composedPath();
      for (var i = 0; i < path.length; i++) {
        var el = path[i];
        if (!el || el.nodeType !== 1) { continue; }
        var list = el.getAttribute(attribute);
        if (list === null) { continue; }
        if (name === 'submit' || name === 'drop') { event.preventDefault(); }
        var delay = parseInt(el.getAttribute(attribute + '-delay') || '0', 10);
        if (delay > 0) {
          setTimeout(run.bind(null, el, list, attribute), delay);
        } else {
          run(el, list, attribute);
        }
      }
    };
  }

  var listeners = {};
  Object.keys(EVENTS).forEach(function (name) { listeners[name] = listener(name); });

  function allowDrop(event) {
    var path = event.composedPath();
    for (var i = 0; i < path.length; i++) {
      if (path[i] && path[i].nodeType === 1 && path[i].hasAttribute('data-on-drop')) {
        event.preventDefault();
        return;
      }
    }
  }

  function listen(root) {
    Object.keys(EVENTS).forEach(function (name) { root.addEventListener(EVENTS[name], listeners[name]); });
    root.addEventListener('dragover', allowDrop);
  }

  function millis(el, attribute) {
    var v = el.getAttribute(attribute);
    return v === null ? null : parseInt(v, 10);
  }

  function init() {
    roots(document).forEach(function (r) { if (r !== document) { listen(r); } });
    each(document, '[data-show-after]').forEach(function (el) {
      hide(el);
      setTimeout(function () { show(el); }, millis(el, 'data-show-after'));
    });
    each(document, '[data-hide-after]').forEach(function (el) {
      setTimeout(function () { hide(el); }, millis(el, 'data-hide-after'));
    });
    each(document, '[data-attach-after]').forEach(function (el) {
      var placeholder = document.createComment('browserflow: attached later');
      el.replaceWith(placeholder);
      setTimeout(function () { placeholder.replaceWith(el); }, millis(el, 'data-attach-after'));
    });
    each(document, '[data-detach-after]').forEach(function (el) {
      setTimeout(function () { el.remove(); }, millis(el, 'data-detach-after'));
    });
  }

  listen(document);
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', init);
  } else {
    init();
  }
})();
