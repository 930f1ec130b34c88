/**
 * The page's JavaScript starts once its largest image is on screen.
 *
 * React Router's <Scripts> writes a <link rel="modulepreload"> per module (React
 * hoists them into <head>) and an inline module script that imports the route
 * modules and the client entry. On a slow mobile connection those ~30 requests
 * share the line with the stylesheet, the hero or product image and the fonts,
 * and the largest image waits for them. So the same output is written inert:
 *
 * - the modulepreload links become a list on the entry script (data-modules,
 *   space-separated);
 * - the module script keeps its text but gets a type the browser does not run
 *   (text/x-deferred-module), so nothing is fetched yet;
 * - a small inline script (DEFERRED_LOADER) waits until every image marked
 *   fetchpriority="high" (hero, banner, first product image) has loaded or
 *   failed and the browser has shown it (the largest-contentful-paint entry of
 *   a paint after that; half a second when none comes, as when text is the
 *   largest paint), then adds the modulepreload links (four a task: each link
 *   costs the main thread ~0.7 ms, and thirty at once blocked it ~30 ms) and runs
 *   the module script as React Router wrote it. Three seconds after the
 *   document at the latest, whatever the images do.
 * - Then it fetches the brand's web fonts (data-web-fonts on <html>) without
 *   letting them into this page: the first page of a visit stays in the fonts'
 *   metric-matched stand-ins (lib/brand-fonts.ts). Once they have loaded it
 *   marks <html> (WEB_FONTS_READY) and notes it for the visit (WEB_FONTS_SEEN),
 *   so the next page has them from its first paint: a page loaded anew through
 *   the head script, a page the app navigates to through useWebFontsOnNavigation.
 *   Swapping fonts under a page the shopper is already looking at re-laid the
 *   whole page out while it hydrated: it was most of the item pages' Total
 *   Blocking Time (docs/performance.md, "The first page keeps the stand-in fonts").
 *
 * The re-run module script is allowed by the page's CSP as the original was: by
 * the same nonce (pages rendered for one shopper) or by the hash of the same
 * text (pages from the page cache: web/page-csp.ts hashes every inline script).
 * Links, forms and server-rendered content work before it runs, as they do
 * without JavaScript.
 */
import { cloneElement, createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { WEB_FONTS_CLASS, WEB_FONTS_READY, WEB_FONTS_SEEN } from './brand-fonts'

export const DEFERRED_ENTRY_ID = 'deferred-entry'
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module'

/** The loader (plain ES5, inline at the end of <body>). */
export const DEFERRED_LOADER = `(function(){
var d=document,html=d.documentElement,own=d.currentScript,nonce=own&&own.nonce,started=false;
function fonts(){
var faces=(html.getAttribute('data-web-fonts')||'').split('|').filter(Boolean);
if(!faces.length||html.classList.contains(${JSON.stringify(WEB_FONTS_CLASS)}))return;
if(!d.fonts||!d.fonts.load){html.classList.add(${JSON.stringify(WEB_FONTS_CLASS)});return}
Promise.all(faces.map(function(face){return d.fonts.load(face)})).then(function(){html.setAttribute(${JSON.stringify(WEB_FONTS_READY)},'');try{sessionStorage.setItem(${JSON.stringify(WEB_FONTS_SEEN)},'1')}catch(e){}},function(){})}
function start(){
if(started)return;started=true;
var entry=d.getElementById(${JSON.stringify(DEFERRED_ENTRY_ID)});if(!entry){fonts();return}
var modules=(entry.getAttribute('data-modules')||'').split(' ').filter(Boolean);
function add(from){
for(var i=from;i<modules.length&&i<from+4;i++){var link=d.createElement('link');link.rel='modulepreload';link.href=modules[i];if(nonce)link.nonce=nonce;d.head.appendChild(link)}
if(i<modules.length){setTimeout(function(){add(i)},0);return}
var script=d.createElement('script');script.type='module';if(nonce)script.nonce=nonce;script.textContent=entry.textContent;d.head.appendChild(script);setTimeout(fonts,0)}
setTimeout(function(){add(0)},0)}
function whenPainted(since){
var types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];
if(types.indexOf('largest-contentful-paint')<0){requestAnimationFrame(function(){setTimeout(start,0)});return}
var observer=new PerformanceObserver(function(list){if(list.getEntries().some(function(e){return e.startTime>=since})){observer.disconnect();setTimeout(start,0)}});
observer.observe({type:'largest-contentful-paint',buffered:true});
setTimeout(start,500)}
function ready(){
var waits=[];
d.querySelectorAll('img[fetchpriority="high"]').forEach(function(img){if(!img.complete)waits.push(new Promise(function(done){img.addEventListener('load',done);img.addEventListener('error',done)}))});
Promise.all(waits).then(function(){whenPainted(waits.length?performance.now():0)});
setTimeout(start,3000)}
if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',ready);else ready()})()`

interface ElementProps {
  rel?: string
  href?: string
  type?: string
  children?: ReactNode
}

/**
 * React Router's <Scripts> output made inert as described above, with the loader
 * after it. Returns the output unchanged when it has no module script (after
 * hydration <Scripts> renders nothing).
 */
export function deferModuleScripts(rendered: ReactNode, nonce: string | undefined): ReactNode {
  const modules: string[] = []
  const kept: ReactElement[] = []
  let entry: ReactElement<ElementProps> | null = null
  const visit = (node: ReactNode): void => {
    if (Array.isArray(node)) {
      node.forEach(visit)
      return
    }
    if (!isValidElement<ElementProps>(node)) return
    if (node.type === Fragment) return visit(node.props.children)
    if (node.type === 'link' && node.props.rel === 'modulepreload' && node.props.href) {
      modules.push(node.props.href)
      return
    }
    if (node.type === 'script' && node.props.type === 'module' && !entry) {
      entry = node
      return
    }
    kept.push(node)
  }
  visit(rendered)
  const moduleScript = entry as ReactElement<ElementProps> | null
  if (!moduleScript) return rendered
  return createElement(
    Fragment,
    null,
    ...kept.map((element, index) => cloneElement(element, { key: element.key ?? `kept-${index}` })),
    cloneElement(moduleScript, {
      key: 'deferred-entry',
      type: DEFERRED_MODULE_TYPE,
      async: undefined,
      id: DEFERRED_ENTRY_ID,
      'data-modules': [...new Set(modules)].join(' '),
    } as Partial<ElementProps>),
    createElement('script', {
      key: 'deferred-loader',
      nonce,
      suppressHydrationWarning: true,
      dangerouslySetInnerHTML: { __html: DEFERRED_LOADER },
    }),
  )
}
