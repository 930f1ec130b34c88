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
 *   largest paint), then loads the web fonts and lets them in once all have
 *   come (lib/brand-fonts.ts), adds the modulepreload links (four a task, in
 *   tasks after the fonts': each link costs the main thread ~0.7 ms, and thirty
 *   at once blocked it ~30 ms) and runs the module script as React Router wrote
 *   it. When the fonts come in, the loader asks for the page's style at once
 *   (getComputedStyle), so the style recalculation of the whole page runs in
 *   the fonts' task and the new layout in the next frame's: two tasks of
 *   ~12 and ~18 ms on an item page rather than one of ~30 ms (docs/performance.md
 *   "Total Blocking Time").
 *   Three seconds after the document at the latest, whatever the images do.
 *
 * The re-run module script is allowed by the page's CSP as the original was: by
 * the same nonce (pages rendered for one shopper) or by the hash of the same
 * text (pages from the page cache: web/page-csp.ts hashes every inline script).
 * Links, forms and server-rendered content work before it runs, as they do
 * without JavaScript.
 */
import { cloneElement, createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { WEB_FONTS_CLASS, WEB_FONTS_PART, WEB_FONTS_SEEN } from './brand-fonts'

export const DEFERRED_ENTRY_ID = 'deferred-entry'
/**
 * At most this many elements get the web fonts in one task (the loader's parts, see WEB_FONTS_PART).
 * Each part is laid out in its own task, so this bounds the longest one: 16 rather than 40 took the
 * item pages' Total Blocking Time under Lighthouse from 212 to 175 ms on average, at the cost of a
 * few more frames for the swap (docs/performance.md, "Web-font parts of 16").
 */
const FONT_PART_ELEMENTS = 16
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module'

/** The loader (plain ES5, inline at the end of <body>). */
export const DEFERRED_LOADER = `(function(){
var d=document,html=d.documentElement,own=d.currentScript,nonce=own&&own.nonce,started=false;
function afterFrame(next){var ran=false;function run(){if(!ran){ran=true;next()}}requestAnimationFrame(function(){setTimeout(run,0)});setTimeout(run,100)}
function parts(){
var font=getComputedStyle(d.body).fontFamily,found=[],batches=[],batch=[],size=0;
function visit(el){var style=getComputedStyle(el),shown=style.contentVisibility||'visible';if(style.display==='none'||shown!=='visible')return;
var count=el.getElementsByTagName('*').length+1;
if(count>${FONT_PART_ELEMENTS}&&el.firstElementChild){for(var child=el.firstElementChild;child;child=child.nextElementSibling)visit(child);return}
if(style.fontFamily===font)found.push([el,count])}
for(var top=d.body.firstElementChild;top;top=top.nextElementSibling)visit(top);
found.forEach(function(part){if(size&&size+part[1]>${FONT_PART_ELEMENTS}){batches.push(batch);batch=[];size=0}batch.push(part[0]);size+=part[1]});
if(batch.length)batches.push(batch);return batches}
function fonts(){
var faces=(html.getAttribute('data-web-fonts')||'').split('|').filter(Boolean),shown=false;
function all(){html.classList.add(${JSON.stringify(WEB_FONTS_CLASS)});try{getComputedStyle(d.body).fontFamily}catch(e){}try{sessionStorage.setItem(${JSON.stringify(WEB_FONTS_SEEN)},'1')}catch(e){}}
function show(){if(shown)return;shown=true;var batches=[];try{batches=parts()}catch(e){}
(function warm(f){if(f<faces.length){try{var c=d.createElement('canvas').getContext('2d');c.font=faces[f];c.measureText('Aa')}catch(e){}setTimeout(function(){warm(f+1)},0);return}next(0)})(0)
function next(i){if(i>=batches.length){all();afterFrame(function(){var marked=d.querySelectorAll('[${WEB_FONTS_PART}]');for(var m=0;m<marked.length;m++)marked[m].removeAttribute(${JSON.stringify(WEB_FONTS_PART)})});return}
for(var b=0;b<batches[i].length;b++)batches[i][b].setAttribute(${JSON.stringify(WEB_FONTS_PART)},'');d.body.offsetHeight;afterFrame(function(){next(i+1)})}}
if(!d.fonts||!d.fonts.load||html.classList.contains(${JSON.stringify(WEB_FONTS_CLASS)})){shown=true;all();return}
Promise.all(faces.map(function(face){return d.fonts.load(face)})).then(show,show);setTimeout(show,3000)}
function start(){
if(started)return;started=true;
fonts();
var entry=d.getElementById(${JSON.stringify(DEFERRED_ENTRY_ID)});if(!entry)return;
var modules=(entry.getAttribute('data-modules')||'').split(' ').filter(Boolean);
function add(from){
for(var i=from;i<modules.length&&i<from+4;i++){var link=d.createElement('link');link.rel='modulepreload';link.href=modules[i];if(nonce)link.nonce=nonce;d.head.appendChild(link)}
if(i<modules.length){setTimeout(function(){add(i)},0);return}
var script=d.createElement('script');script.type='module';if(nonce)script.nonce=nonce;script.textContent=entry.textContent;d.head.appendChild(script)}
setTimeout(function(){add(0)},0)}
function soon(){requestAnimationFrame(function(){setTimeout(start,0)})}
function whenPainted(since){
var types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];
if(types.indexOf('largest-contentful-paint')<0){soon();return}
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
    if (node.type === Fragment) {
      visit(node.props.children)
      return
    }
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
