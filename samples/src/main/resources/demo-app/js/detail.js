/*
 * The page inside the detail dialog's iframe: detail.html?id=<device id>&t=<cache buster>.
 * Saving stores the rebind in sessionStorage and tells the parent page, which updates its row.
 */
(function () {
  'use strict';

  var SAVE_DELAY_MS = 200;

  var id = new URLSearchParams(location.search).get('id') || '';
  var device = DemoData.find(id);
  var form = document.getElementById('detail-form');
  var status = form.querySelector('[data-testid=save-status]');

  document.getElementById('device-label').textContent = device ? device.id : 'unknown';
  document.querySelector('[data-testid=current-meter]').textContent = device && device.meter ? device.meter : '—';
  document.querySelector('[data-testid=station]').textContent = device ? device.station : '—';
  if (!device) {
    status.className = 'status-bad';
    status.textContent = 'Unknown device. 设备不存在';
    form.querySelector('[data-testid=save]').disabled = true;
  }

  function show(ok, text) {
    status.className = ok ? 'status-ok' : 'status-bad';
    status.textContent = text;
  }

  // a new edit makes an earlier message stale
  form.addEventListener('input', function () {
    if (status.className === 'status-bad' && device) {
      status.className = '';
      status.textContent = '';
    }
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var meter = form.elements.meter.value.trim();
    if (!/^[0-9]{8,16}$/.test(meter)) {
      show(false, 'Enter a meter number of 8 to 16 digits. 请输入 8 至 16 位表号');
      return;
    }
    if (!form.elements.confirm.checked) {
      show(false, 'Tick the confirmation first. 请先勾选确认');
      return;
    }
    var save = form.querySelector('[data-testid=save]');
    save.disabled = true;
    status.className = '';
    status.textContent = 'Saving… 保存中';
    setTimeout(function () {
      DemoData.saveRebind(device.id, meter, form.elements.reason.value);
      if (window.parent !== window) {
        window.parent.postMessage({ type: 'rebind-saved', id: device.id, meter: meter }, location.origin);
      }
      document.querySelector('[data-testid=current-meter]').textContent = meter;
      show(true, 'Saved 已保存');
      save.disabled = false;
    }, SAVE_DELAY_MS);
  });

  form.querySelector('[data-testid=close-detail]').addEventListener('click', function () {
    if (window.parent !== window) {
      window.parent.postMessage({ type: 'close-detail' }, location.origin);
    }
  });
})();
