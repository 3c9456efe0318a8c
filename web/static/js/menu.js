// menu: on a phone the site's menu is a popover that the header's menu
// button opens (index.html); following one of its links, or any change of
// page, closes it. On a wider screen the menu is a row and this does
// nothing.

const nav = document.getElementById('site-nav');
if (nav && typeof nav.hidePopover === 'function') {
  const close = () => { if (nav.matches(':popover-open')) nav.hidePopover(); };
  nav.addEventListener('click', (e) => { if (e.target.closest('a')) close(); });
  addEventListener('hashchange', close);
}
