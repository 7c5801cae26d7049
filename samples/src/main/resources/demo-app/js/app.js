/*
 * The signed-in app: a hash router over four views.
 *   #/         home: menu tiles and a sync notice that appears one second after the view opens
 *   #/devices  device search: form, loading mask, paged results table, detail dialog with an iframe
 *   #/reports  reports: a summary report that opens in a new tab
 *   #/tools    tools: a widget in a shadow root, a file upload, a CSV download
 * Only the current view is in the document, so every data-testid is unique on the page.
 */
(function () {
  'use strict';

  var PAGE_SIZE = 5;
  var SEARCH_DELAY_MS = 300;
  var SYNC_DELAY_MS = 1000;

  var view = document.getElementById('view');
  var timers = [];
  var downloadUrl = null;

  function escapeHtml(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  function later(fn, ms) {
    timers.push(setTimeout(fn, ms));
  }

  // ------------------------------------------------------------------ home

  function home() {
    document.title = 'Home · Meter Rebind Console';
    view.innerHTML =
      '<h1 data-testid="page-title">Welcome, ' + escapeHtml(DemoData.user()) + ' <span class="zh" lang="zh-CN">欢迎</span></h1>' +
      '<div class="tiles">' +
      tile('Device search', '设备查询', 'Find a device by its id and rebind its meter.', '#/devices') +
      tile('Reports', '报表', 'Binding figures per station, in a new tab.', '#/reports') +
      tile('Tools', '工具', 'Gateway status, meter list upload and export.', '#/tools') +
      '</div>' +
      '<section class="card" aria-live="polite" id="sync-box">' +
      '<h2>Data sync <span class="zh" lang="zh-CN">数据同步</span></h2>' +
      '<p class="muted" data-testid="sync-pending"><span class="spinner"></span>Syncing meter data… ' +
      '<span lang="zh-CN">正在同步表计数据</span></p>' +
      '</section>';
    // the delayed element: the sync result arrives a second after the view opens
    later(function () {
      var box = document.getElementById('sync-box');
      box.querySelector('[data-testid=sync-pending]').remove();
      var done = document.createElement('p');
      done.className = 'sync-ok';
      done.setAttribute('role', 'status');
      done.setAttribute('data-testid', 'sync-status');
      done.innerHTML = 'Sync complete: ' + DemoData.devices().length + ' devices ' +
        '<span lang="zh-CN">同步完成</span>';
      box.appendChild(done);
    }, SYNC_DELAY_MS);
  }

  // Tiles have no test ids and all say "Open": realistic, and ambiguous on purpose.
  function tile(title, zh, text, href) {
    return '<div class="tile"><h2>' + title + ' <span class="zh" lang="zh-CN">' + zh + '</span></h2>' +
      '<p class="muted">' + text + '</p><a class="btn" href="' + href + '">Open</a></div>';
  }

  // ------------------------------------------------------------------ device search

  var search = { results: null, page: 0 };

  function devices() {
    document.title = 'Device search · Meter Rebind Console';
    search = { results: null, page: 0 };
    view.innerHTML =
      '<h1 data-testid="page-title">Device search <span class="zh" lang="zh-CN">设备查询</span></h1>' +
      '<form class="card search-form" data-testid="search-form" role="search" novalidate>' +
      '  <div class="field"><label for="device-id">Device ID</label>' +
      '    <input id="device-id" name="deviceId" type="text" placeholder="设备ID" autocomplete="off" data-testid="device-id"></div>' +
      '  <div class="field"><label for="status">Status</label>' +
      '    <select id="status" name="status">' +
      '      <option value="">All 全部</option><option value="bound">Bound 已关联</option>' +
      '      <option value="unbound">Unbound 未关联</option></select></div>' +
      '  <button type="submit" class="btn btn-primary" data-testid="search">Search <span class="zh" lang="zh-CN">查询</span></button>' +
      '  <button type="reset" class="btn">Reset <span class="zh" lang="zh-CN">重置</span></button>' +
      '</form>' +
      '<section class="card results" aria-label="Results">' +
      '  <div class="loading-mask" hidden>Loading… <span lang="zh-CN">加载中</span></div>' +
      '  <div id="result-body"><p class="muted" data-testid="search-hint">Enter a device ID (or nothing, to list all) and press Search.</p></div>' +
      '</section>';
    var form = view.querySelector('form');
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      runSearch(form.elements.deviceId.value, form.elements.status.value);
    });
    form.addEventListener('reset', function () {
      search = { results: null, page: 0 };
      document.getElementById('result-body').innerHTML =
        '<p class="muted" data-testid="search-hint">Enter a device ID (or nothing, to list all) and press Search.</p>';
    });
  }

  function runSearch(query, status) {
    var mask = view.querySelector('.loading-mask');
    var body = document.getElementById('result-body');
    body.innerHTML = '';
    body.parentNode.setAttribute('aria-busy', 'true');
    mask.hidden = false;
    later(function () {
      search = { results: DemoData.search(query, status), page: 0 };
      renderResults();
      body.parentNode.setAttribute('aria-busy', 'false');
      mask.hidden = true;
    }, SEARCH_DELAY_MS);
  }

  function renderResults() {
    var body = document.getElementById('result-body');
    var list = search.results;
    if (!list.length) {
      body.innerHTML = '<p data-testid="no-results">No devices found. <span lang="zh-CN">未找到设备</span></p>';
      return;
    }
    var pages = Math.ceil(list.length / PAGE_SIZE);
    var rows = list.slice(search.page * PAGE_SIZE, (search.page + 1) * PAGE_SIZE).map(function (d) {
      var id = escapeHtml(d.id);
      return '<tr id="row-' + id + '" data-device-id="' + id + '">' +
        '<td class="mono">' + id + '</td>' +
        '<td class="mono" data-testid="meter-' + id + '">' + (d.meter ? escapeHtml(d.meter) : '—') + '</td>' +
        '<td lang="zh-CN">' + escapeHtml(d.station) + '</td>' +
        '<td data-testid="status-' + id + '">' + (d.status === 'bound'
          ? '<span class="badge bound">Bound 已关联</span>' : '<span class="badge unbound">Unbound 未关联</span>') + '</td>' +
        '<td><button type="button" class="link-btn" data-testid="detail-' + id + '" aria-label="Detail ' + id + '">' +
        'Detail <span lang="zh-CN">详情</span></button></td>' +
        '</tr>';
    }).join('');
    body.innerHTML =
      '<p class="summary" data-testid="result-count">' + list.length + (list.length === 1 ? ' device' : ' devices') +
      ' found <span class="zh" lang="zh-CN">共 ' + list.length + ' 条</span></p>' +
      '<table class="result" data-testid="result-table">' +
      '<thead><tr><th>Device ID</th><th>Meter No.</th><th>Station</th><th>Status</th><th>Actions</th></tr></thead>' +
      '<tbody>' + rows + '</tbody></table>' +
      '<nav class="pager" aria-label="Pagination">' +
      '  <button type="button" class="btn" data-testid="page-prev"' + (search.page === 0 ? ' disabled' : '') + '>' +
      '    Previous <span class="zh" lang="zh-CN">上一页</span></button>' +
      '  <span data-testid="page-info">Page ' + (search.page + 1) + ' of ' + pages + '</span>' +
      '  <button type="button" class="btn" data-testid="page-next"' + (search.page + 1 >= pages ? ' disabled' : '') + '>' +
      '    Next <span class="zh" lang="zh-CN">下一页</span></button>' +
      '</nav>';
    // client-side paging of the loaded results: the page changes synchronously
    body.querySelector('[data-testid=page-prev]').addEventListener('click', function () {
      search.page = Math.max(0, search.page - 1);
      renderResults();
    });
    body.querySelector('[data-testid=page-next]').addEventListener('click', function () {
      search.page = Math.min(pages - 1, search.page + 1);
      renderResults();
    });
    Array.prototype.forEach.call(body.querySelectorAll('button[data-testid^="detail-"]'), function (b) {
      b.addEventListener('click', function () {
        openDetail(b.closest('tr').getAttribute('data-device-id'));
      });
    });
  }

  // ------------------------------------------------------------------ detail dialog

  function openDetail(id) {
    closeDetail();
    var backdrop = document.createElement('div');
    backdrop.className = 'dialog-backdrop v-modal';
    var dialog = document.createElement('div');
    dialog.className = 'dialog el-dialog__wrapper';
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', 'detail-title');
    dialog.setAttribute('data-testid', 'detail-dialog');
    // the iframe's src carries the record id and a cache buster, so it differs on every opening
    var src = 'detail.html?id=' + encodeURIComponent(id) + '&t=' + Date.now();
    dialog.innerHTML =
      '<header><h2 id="detail-title">Device detail <span class="zh" lang="zh-CN">设备详情</span></h2>' +
      '<button type="button" class="icon-btn" data-testid="dialog-close" aria-label="Close dialog">×</button></header>' +
      '<iframe name="detail-frame" title="Device detail form" src="' + escapeHtml(src) + '"></iframe>';
    document.body.appendChild(backdrop);
    document.body.appendChild(dialog);
    dialog.querySelector('[data-testid=dialog-close]').addEventListener('click', closeDetail);
    dialog.querySelector('[data-testid=dialog-close]').focus();
  }

  function closeDetail() {
    Array.prototype.forEach.call(document.querySelectorAll('.dialog-backdrop, [role=dialog]'), function (e) {
      e.remove();
    });
  }

  function onDetailMessage(event) {
    if (event.origin !== location.origin || !event.data) {
      return;
    }
    if (event.data.type === 'rebind-saved') {
      // reflect the saved meter in the visible row
      var cell = document.querySelector('[data-testid="meter-' + event.data.id + '"]');
      var status = document.querySelector('[data-testid="status-' + event.data.id + '"]');
      if (cell) {
        cell.textContent = event.data.meter;
      }
      if (status) {
        status.innerHTML = '<span class="badge bound">Bound 已关联</span>';
      }
      if (search.results) {
        search.results = search.results.map(function (d) {
          return d.id === event.data.id ? DemoData.find(d.id) : d;
        });
      }
    } else if (event.data.type === 'close-detail') {
      closeDetail();
    }
  }

  // ------------------------------------------------------------------ reports

  function reports() {
    document.title = 'Reports · Meter Rebind Console';
    view.innerHTML =
      '<h1 data-testid="page-title">Reports <span class="zh" lang="zh-CN">报表</span></h1>' +
      '<section class="card"><h2>Rebind summary <span class="zh" lang="zh-CN">重新关联汇总</span></h2>' +
      '<p class="muted">Devices per station and binding status. The report opens in a new tab.</p>' +
      '<a class="btn btn-primary" href="report.html?type=summary" target="_blank" data-testid="open-report">' +
      'Open summary report <span class="zh" lang="zh-CN">打开汇总报表</span></a>' +
      '<p class="muted" data-testid="report-hint"></p></section>';
    view.querySelector('[data-testid=open-report]').addEventListener('click', function () {
      view.querySelector('[data-testid=report-hint]').textContent =
        'Report opened in a new tab. 报表已在新标签页打开';
    });
  }

  // ------------------------------------------------------------------ tools

  function tools() {
    document.title = 'Tools · Meter Rebind Console';
    view.innerHTML =
      '<h1 data-testid="page-title">Tools <span class="zh" lang="zh-CN">工具</span></h1>' +
      '<section class="card"><h2>Gateway status <span class="zh" lang="zh-CN">网关状态</span></h2>' +
      '<div class="widget-row"><device-status data-testid="device-status" gateway="GW-01"></device-status></div></section>' +
      '<section class="card"><h2>Upload a meter list <span class="zh" lang="zh-CN">上传表计清单</span></h2>' +
      '<div class="field"><label for="meter-file">Meter list file</label>' +
      '<input id="meter-file" type="file" accept=".csv,text/csv" data-testid="upload-input"></div>' +
      '<p data-testid="upload-status" class="muted">No file chosen. <span lang="zh-CN">未选择文件</span></p>' +
      '<ul class="files" data-testid="upload-list"></ul>' +
      '<button type="button" class="btn" data-testid="import-file" disabled>Import <span class="zh" lang="zh-CN">导入</span></button>' +
      '<p data-testid="import-result"></p></section>' +
      '<section class="card"><h2>Export <span class="zh" lang="zh-CN">导出</span></h2>' +
      '<p class="muted">All devices with their current meters, as CSV.</p>' +
      '<a class="btn" data-testid="download-csv" download="devices-export.csv">Download device list (CSV) ' +
      '<span class="zh" lang="zh-CN">下载设备清单</span></a></section>';

    var input = document.getElementById('meter-file');
    var status = view.querySelector('[data-testid=upload-status]');
    var list = view.querySelector('[data-testid=upload-list]');
    var importButton = view.querySelector('[data-testid=import-file]');
    var result = view.querySelector('[data-testid=import-result]');
    input.addEventListener('change', function () {
      var files = Array.prototype.slice.call(input.files);
      list.innerHTML = files.map(function (f) {
        return '<li>' + escapeHtml(f.name) + ' (' + f.size + ' bytes)</li>';
      }).join('');
      status.textContent = files.length === 0 ? 'No file chosen. 未选择文件'
        : files.length + (files.length === 1 ? ' file' : ' files') + ' selected. 已选择 ' + files.length + ' 个文件';
      importButton.disabled = files.length === 0;
      result.textContent = '';
    });
    importButton.addEventListener('click', function () {
      var file = input.files[0];
      if (!file) {
        return;
      }
      file.text().then(function (text) {
        var lines = text.split(/\r?\n/).filter(function (l) { return l.trim(); });
        var header = (lines[0] || '').replace(/^\ufeff/, '').split(',').map(function (c) { return c.trim(); });
        if (header.indexOf('DEVICE_ID') < 0) {
          result.className = 'status-bad';
          result.textContent = 'The file has no DEVICE_ID column. 文件缺少 DEVICE_ID 列';
        } else {
          result.className = 'status-ok';
          result.textContent = 'Imported ' + (lines.length - 1) + ' devices. 已导入 ' + (lines.length - 1) + ' 条';
        }
      });
    });

    if (downloadUrl) {
      URL.revokeObjectURL(downloadUrl);
    }
    downloadUrl = URL.createObjectURL(new Blob(['\ufeff' + DemoData.toCsv(DemoData.devices())], { type: 'text/csv;charset=utf-8' }));
    view.querySelector('[data-testid=download-csv]').href = downloadUrl;
  }

  // ------------------------------------------------------------------ router

  var routes = { '/': home, '/devices': devices, '/reports': reports, '/tools': tools };

  function notFound(path) {
    document.title = 'Not found · Meter Rebind Console';
    view.innerHTML = '<h1 data-testid="page-title">Page not found</h1><p class="muted">No page at #' + escapeHtml(path) + '. ' +
      '<a href="#/">Back to the home page</a></p>';
  }

  function route() {
    timers.forEach(clearTimeout);
    timers = [];
    closeDetail();
    var path = location.hash.replace(/^#/, '') || '/';
    (routes[path] || function () { notFound(path); })();
    Array.prototype.forEach.call(document.querySelectorAll('.sidebar a'), function (a) {
      if (a.getAttribute('href') === '#' + path) {
        a.setAttribute('aria-current', 'page');
      } else {
        a.removeAttribute('aria-current');
      }
    });
  }

  document.querySelector('[data-testid=current-user]').textContent = DemoData.user() || '';
  document.getElementById('sign-out').addEventListener('click', function () {
    DemoData.signOut();
    location.assign('index.html');
  });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') {
      closeDetail();
    }
  });
  window.addEventListener('message', onDetailMessage);
  window.addEventListener('hashchange', route);
  if (DemoData.user()) {
    route();
  }
})();
