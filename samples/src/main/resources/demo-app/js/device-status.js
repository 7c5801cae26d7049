/*
 * <device-status gateway="GW-01">: a gateway status widget whose content lives in an OPEN shadow
 * root. "Connect" switches it to Online after a short handshake, "Disconnect" back to Offline.
 * Its inner elements are reachable only by piercing the shadow root.
 */
(function () {
  'use strict';

  var HANDSHAKE_MS = 300;

  class DeviceStatus extends HTMLElement {
    constructor() {
      super();
      this.online = false;
      var root = this.attachShadow({ mode: 'open' });
      root.innerHTML =
        '<style>' +
        '  :host { display: inline-block; }' +
        '  .box { display: flex; align-items: center; gap: .9rem; padding: .6rem .9rem; border: 1px solid #d9e2ec; border-radius: 8px; background: #f8fafc; }' +
        '  .name { font-weight: 600; }' +
        '  .state { padding: .1rem .55rem; border-radius: 999px; font-size: .85rem; background: #fee2e2; color: #b91c1c; }' +
        '  .state.online { background: #dcfce7; color: #15803d; }' +
        '  .state.busy { background: #e0e7ff; color: #3730a3; }' +
        '  button { font: inherit; padding: .3rem .8rem; border-radius: 6px; border: 1px solid #1d4ed8; background: #1d4ed8; color: #fff; cursor: pointer; }' +
        '  button:disabled { opacity: .5; cursor: wait; }' +
        '</style>' +
        '<div class="box" part="box">' +
        '  <span class="name"></span>' +
        '  <span class="state" role="status" data-testid="widget-state">Offline 离线</span>' +
        '  <button type="button" data-testid="widget-toggle">Connect 连接</button>' +
        '</div>';
      this.stateEl = root.querySelector('.state');
      this.button = root.querySelector('button');
      this.button.addEventListener('click', this.toggle.bind(this));
    }

    connectedCallback() {
      this.shadowRoot.querySelector('.name').textContent = 'Gateway ' + (this.getAttribute('gateway') || '') + ' 网关';
    }

    toggle() {
      var self = this;
      this.button.disabled = true;
      this.stateEl.className = 'state busy';
      this.stateEl.textContent = this.online ? 'Disconnecting… 断开中' : 'Connecting… 连接中';
      setTimeout(function () {
        self.online = !self.online;
        self.stateEl.className = self.online ? 'state online' : 'state';
        self.stateEl.textContent = self.online ? 'Online 在线' : 'Offline 离线';
        self.button.textContent = self.online ? 'Disconnect 断开' : 'Connect 连接';
        self.button.disabled = false;
      }, HANDSHAKE_MS);
    }
  }

  customElements.define('device-status', DeviceStatus);
})();
