package htmlreport

// stylesheet is the page's only style: system fonts, no image, no URL, so
// that the page needs nothing but itself. Light and dark follow the
// reader's setting; narrow screens get one column; print gets ink on
// white, the failing cases open as they are on screen.
const stylesheet = `
:root{color-scheme:light dark;
--bg:#f5f6f8;--card:#fff;--sunk:#f0f2f5;--fg:#1c2026;--muted:#5d6673;--line:#dde1e6;--code:#f4f5f7;
--pass:#18794e;--pass-bg:#e6f4ec;--fail:#c4222c;--fail-bg:#fdeced;--err:#a94f00;--err-bg:#fff0df;
--mix:#7c5c00;--mix-bg:#fff6d6;--accent:#3451b2;--mask:#5b3fb8;--mask-bg:#efeafd;--esc:#a33b00;--esc-bg:#ffeadb;
--shadow:0 1px 2px rgba(16,24,40,.06),0 1px 3px rgba(16,24,40,.08);
--mono:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"DejaVu Sans Mono","Liberation Mono",monospace;
--sans:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",Helvetica,Arial,sans-serif}
@media (prefers-color-scheme:dark){:root{
--bg:#0e1116;--card:#161b22;--sunk:#1b2129;--fg:#e4e8ee;--muted:#98a2b0;--line:#2a313b;--code:#11161c;
--pass:#4fc98a;--pass-bg:#12291d;--fail:#ff7b7b;--fail-bg:#361719;--err:#ffae57;--err-bg:#33230f;
--mix:#e9c85a;--mix-bg:#302812;--accent:#93a8ff;--mask:#c2b0ff;--mask-bg:#2a2145;--esc:#ffb088;--esc-bg:#3a2014;
--shadow:none}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 var(--sans)}
.wrap{max-width:1180px;margin:0 auto;padding:28px 28px 48px}
a{color:var(--accent)}
code,pre,.mono{font-family:var(--mono);font-size:13px}
h1,h2,h3,h4{line-height:1.25;margin:0}
.eyebrow{color:var(--muted);font-size:13px;letter-spacing:.04em;text-transform:uppercase;margin:0 0 6px}
h1{font-size:28px;font-weight:700;margin-bottom:6px}
h1 .n{font-variant-numeric:tabular-nums}
.meta{color:var(--muted);font-size:13px;margin:0;display:flex;flex-wrap:wrap;gap:4px 14px}
.meta span{overflow-wrap:anywhere}
.banner{margin:16px 0 0;padding:10px 14px;border-radius:8px;background:var(--mix-bg);color:var(--mix);border:1px solid var(--line)}
.banner.bad{background:var(--fail-bg);color:var(--fail)}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:10px;margin:22px 0 10px;padding:0}
.stat{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 14px;box-shadow:var(--shadow);margin:0}
.stat dt{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.05em}
.stat dd{margin:2px 0 0;font-size:24px;font-weight:650;font-variant-numeric:tabular-nums}
.stat dd small{display:block;font-size:12px;font-weight:400;color:var(--muted)}
.stat.passed dd{color:var(--pass)}.stat.failed dd{color:var(--fail)}.stat.errored dd{color:var(--err)}
.stat.zero dd{color:var(--muted)}
.bar{display:flex;height:8px;border-radius:4px;overflow:hidden;background:var(--sunk);margin:4px 0 22px}
.bar span{display:block}.bar .passed{background:var(--pass)}.bar .failed{background:var(--fail)}.bar .errored{background:var(--err)}
.attention{background:var(--card);border:1px solid var(--line);border-left:4px solid var(--fail);border-radius:10px;padding:12px 16px;margin:0 0 22px;box-shadow:var(--shadow)}
.attention h2{font-size:15px;margin-bottom:6px}
.attention ul{margin:0;padding:0;list-style:none;columns:2 320px;column-gap:28px}
.attention li{break-inside:avoid;padding:2px 0;display:grid;grid-template-columns:auto minmax(0,1fr);gap:8px;align-items:baseline}
.attention a{text-decoration:none;overflow-wrap:anywhere}.attention a:hover{text-decoration:underline}
.attention .suite-of{color:var(--muted);font-size:12px;margin-left:6px}
.toolbar{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap;margin:0 0 10px}
.toolbar h2{font-size:18px}
.switch{display:inline-flex;align-items:center;gap:8px;cursor:pointer;user-select:none;font-size:14px;color:var(--muted)}
.switch .track{width:34px;height:20px;border-radius:10px;background:var(--line);position:relative;transition:background .15s}
.switch .track::after{content:"";position:absolute;top:3px;left:3px;width:14px;height:14px;border-radius:50%;background:var(--card);transition:left .15s}
#failing-only{position:absolute;opacity:0;width:1px;height:1px}
#failing-only:checked~.wrap .switch .track{background:var(--accent)}
#failing-only:checked~.wrap .switch .track::after{left:17px}
#failing-only:focus-visible~.wrap .switch .track{outline:2px solid var(--accent);outline-offset:2px}
#failing-only:checked~.wrap .case.is-passed{display:none}
#failing-only:checked~.wrap .suite:not(:has(.case:not(.is-passed))){display:none}
.suite{margin:0 0 26px}
.suite-root{margin:0 2px 14px}
.suite-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 12px;margin:0 0 8px;padding:0 2px}
.suite-head h3{font-size:17px;overflow-wrap:anywhere}
.suite-head .path{color:var(--muted);font-family:var(--mono);font-size:12px;overflow-wrap:anywhere}
.counts{display:flex;gap:6px;flex-wrap:wrap;margin-left:auto}
.chip{display:inline-block;font-size:12px;line-height:18px;padding:0 8px;border-radius:9px;background:var(--sunk);color:var(--muted);white-space:nowrap;font-weight:500}
.chip.passed{background:var(--pass-bg);color:var(--pass)}.chip.failed{background:var(--fail-bg);color:var(--fail)}
.chip.errored{background:var(--err-bg);color:var(--err)}.chip.mixed{background:var(--mix-bg);color:var(--mix)}
.cases{background:var(--card);border:1px solid var(--line);border-radius:10px;box-shadow:var(--shadow);overflow:hidden}
.case{border-top:1px solid var(--line)}.case:first-child{border-top:0}
.case>summary{list-style:none;cursor:pointer;display:grid;grid-template-columns:auto minmax(0,1fr) auto;gap:4px 12px;align-items:center;padding:10px 14px}
.case>summary::-webkit-details-marker{display:none}
.case>summary:hover{background:var(--sunk)}
.case>summary:focus-visible{outline:2px solid var(--accent);outline-offset:-2px}
.case[open]>summary{background:var(--sunk);border-bottom:1px solid var(--line)}
.mark{display:inline-flex;align-items:center;justify-content:center;width:22px;height:22px;border-radius:50%;font-size:13px;font-weight:700}
.is-passed .mark{background:var(--pass-bg);color:var(--pass)}.is-failed .mark{background:var(--fail-bg);color:var(--fail)}
.is-errored .mark{background:var(--err-bg);color:var(--err)}.is-mixed .mark{background:var(--mix-bg);color:var(--mix)}
.case-name{font-family:var(--mono);font-size:14px;font-weight:600;overflow-wrap:anywhere}
.facts{display:flex;flex-wrap:wrap;gap:4px 14px;color:var(--muted);font-size:13px;font-variant-numeric:tabular-nums;justify-content:flex-end}
.facts>span{white-space:nowrap}
.facts .num{text-align:right}.w-turns{min-width:5.5em}.w-tok{min-width:6.5em}.w-cost{min-width:5em}.w-time{min-width:3.5em}
.case>summary::after{content:"›";color:var(--muted);font-size:18px;grid-column:4;grid-row:1;transition:transform .15s}
.case[open]>summary::after{transform:rotate(90deg)}
.case>summary{grid-template-columns:auto minmax(0,1fr) auto 12px}
.body{padding:14px 16px 18px;display:grid;gap:16px}
.body h4{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:0 0 6px;font-weight:600}
.error-box{border:1px solid var(--line);border-left:4px solid var(--err);background:var(--err-bg);border-radius:8px;padding:8px 12px}
.error-box pre{margin:4px 0 0;color:var(--fg)}
pre{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word;tab-size:4}
.assertions{list-style:none;margin:0;padding:0;display:grid;gap:6px}
.assertion{border:1px solid var(--line);border-radius:8px;padding:8px 12px;background:var(--card)}
.assertion.bad{border-left:4px solid var(--fail)}
.assertion .line{display:flex;gap:8px;align-items:baseline;flex-wrap:wrap}
.assertion .glyph{font-weight:700;width:1em;flex:none}
.assertion.ok .glyph{color:var(--pass)}.assertion.bad .glyph{color:var(--fail)}
.assertion .desc{font-family:var(--mono);font-size:13px;overflow-wrap:anywhere;flex:1 1 auto;min-width:0}
.ea{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:4px 12px;margin:8px 0 0;font-size:13px}
.ea dt{color:var(--muted)}.ea dd{margin:0}
.ea pre{background:var(--code);border:1px solid var(--line);border-radius:6px;padding:4px 8px}
.msg{color:var(--fail)}
.judges{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:8px}
.judge{border:1px solid var(--line);border-radius:8px;padding:10px 12px;background:var(--card)}
.judge .top{display:flex;justify-content:space-between;gap:8px;align-items:baseline;flex-wrap:wrap}
.judge .score{font-size:20px;font-weight:650;font-variant-numeric:tabular-nums}
.judge.ok .score{color:var(--pass)}.judge.bad .score{color:var(--fail)}
.meter{position:relative;height:6px;border-radius:3px;background:var(--sunk);margin:8px 0}
.meter .fill{position:absolute;left:0;top:0;bottom:0;border-radius:3px}
.judge.ok .fill{background:var(--pass)}.judge.bad .fill{background:var(--fail)}
.meter .threshold{position:absolute;top:-3px;bottom:-3px;width:2px;background:var(--fg)}
.judge .who{color:var(--muted);font-size:12px;overflow-wrap:anywhere}
.judge pre{margin-top:6px;font-family:var(--sans);font-size:14px}
.reps{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0 0 8px;padding:0}
.reps li{font-size:12px;padding:2px 8px;border-radius:6px;font-variant-numeric:tabular-nums}
.reps .passed{background:var(--pass-bg);color:var(--pass)}.reps .failed{background:var(--fail-bg);color:var(--fail)}.reps .errored{background:var(--err-bg);color:var(--err)}
.rep{border:1px solid var(--line);border-radius:8px;margin:6px 0;background:var(--card)}
.rep>summary{cursor:pointer;padding:6px 12px;font-size:14px}
.rep>.body{padding:10px 12px 14px}
.tracefacts{display:flex;flex-wrap:wrap;gap:6px 18px;margin:0;font-size:13px}
.tracefacts div{display:flex;gap:6px}.tracefacts dt{color:var(--muted)}.tracefacts dd{margin:0;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.turns{list-style:none;margin:10px 0 0;padding:0;display:grid;gap:10px}
.turn{border:1px solid var(--line);border-radius:8px;background:var(--card);overflow:hidden}
.turn-head{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:center;padding:6px 12px;background:var(--sunk);border-bottom:1px solid var(--line);font-size:13px;color:var(--muted);font-variant-numeric:tabular-nums}
.turn-head strong{color:var(--fg)}
.turn-body{padding:10px 12px;display:grid;gap:8px}
.msgs{display:grid;gap:6px}
.m{border-radius:8px;padding:6px 10px;background:var(--sunk);border:1px solid var(--line)}
.m .who,.call .who{font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);display:block;margin-bottom:2px}
.m.assistant{background:var(--card)}
.reply{border-left:3px solid var(--accent);padding:2px 0 2px 10px}
.reply pre{font-family:var(--sans);font-size:14px}
.call{display:grid;grid-template-columns:1.2em minmax(0,1fr) auto;gap:2px 8px;align-items:start;border:1px solid var(--line);border-radius:8px;padding:6px 10px;background:var(--code)}
.call .arrow{color:var(--muted);font-weight:700;font-family:var(--mono);line-height:20px}
.call pre{line-height:20px}
.call .name{font-weight:600}
.call .res{color:var(--fg)}
.call .res.iserr{color:var(--err)}
.call .cid{color:var(--muted);font-family:var(--mono);font-size:11px;line-height:20px;max-width:24ch;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.call .malformed{grid-column:2}
.note{color:var(--muted);font-size:13px}
.note.empty{padding:10px 14px;margin:0}
.final{border:1px solid var(--line);border-radius:8px;padding:8px 12px;background:var(--sunk)}
.final pre{font-family:var(--sans);font-size:14px}
.esc{font-family:var(--mono);font-size:.85em;color:var(--esc);background:var(--esc-bg);border-radius:3px;padding:0 2px;white-space:nowrap}
.mask{font-family:var(--mono);font-size:.9em;color:var(--mask);background:var(--mask-bg);border-radius:3px;padding:0 3px}
.matrix-wrap{overflow-x:auto;background:var(--card);border:1px solid var(--line);border-radius:10px;box-shadow:var(--shadow)}
table.matrix{border-collapse:separate;border-spacing:0;width:100%;font-variant-numeric:tabular-nums}
.matrix th,.matrix td{padding:8px 14px;border-bottom:1px solid var(--line);text-align:center;white-space:nowrap}
.matrix thead th{font-size:13px;font-family:var(--mono);background:var(--sunk);position:sticky;top:0;white-space:normal;overflow-wrap:anywhere;min-width:8ch;max-width:22ch}
.matrix th[scope=row]{text-align:left;font-family:var(--mono);font-size:13px;font-weight:600;position:sticky;left:0;background:var(--card);white-space:normal;overflow-wrap:anywhere;min-width:12ch}
.matrix thead th:first-child{text-align:left;left:0;z-index:1;font-family:var(--sans)}
.matrix td.pass{color:var(--pass)}.matrix td.fail{color:var(--fail)}.matrix td.none{color:var(--muted)}
.matrix td.pass,.matrix td.fail,.matrix td.none{font-size:17px;font-weight:700}
.matrix tr.disagree th[scope=row],.matrix tr.disagree td{background:var(--mix-bg)}
.matrix tr.disagree td.fail{color:var(--fail)}
.matrix .tilde{color:var(--mix);font-weight:700;margin-right:6px}
.matrix tfoot th,.matrix tfoot td{background:var(--sunk);font-size:14px;border-bottom:0}
.matrix tfoot tr:first-child th,.matrix tfoot tr:first-child td{border-top:2px solid var(--line)}
.matrix tfoot th[scope=row]{font-family:var(--sans);background:var(--sunk)}
.matrix td.failedcol{color:var(--fail);font-weight:650}
.columns{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:10px;margin:22px 0}
.column{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 14px;box-shadow:var(--shadow)}
.column h3{font-family:var(--mono);font-size:14px;overflow-wrap:anywhere}
.column .rate{font-size:26px;font-weight:650;font-variant-numeric:tabular-nums}
.column.failedcol{border-left:4px solid var(--fail)}
.column.failedcol .rate{color:var(--fail)}
.column .note{margin:4px 0 0}
.legend{color:var(--muted);font-size:13px;margin:10px 2px 0}
footer{margin-top:36px;color:var(--muted);font-size:12px;border-top:1px solid var(--line);padding-top:12px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (max-width:720px){
.wrap{padding:16px 12px 32px}
h1{font-size:22px}
.stats{grid-template-columns:repeat(2,minmax(0,1fr))}
.stat dd{font-size:20px}
.case>summary{grid-template-columns:auto minmax(0,1fr) 12px;padding:10px 12px}
.case>summary .facts{grid-column:2/4;grid-row:2;justify-content:flex-start}
.case>summary::after{grid-column:3}
.body{padding:12px 10px 14px}
.ea{grid-template-columns:minmax(0,1fr)}.ea dt{margin-top:4px}
.counts{margin-left:0}
.facts .num{min-width:0}
.call{grid-template-columns:1.2em minmax(0,1fr)}
.call .cid{display:none}
.matrix th,.matrix td{padding:6px 8px}
.matrix th[scope=row]{min-width:16ch}
.column .rate{font-size:22px}
}
@media print{
:root{--bg:#fff;--card:#fff;--sunk:#f4f4f4;--fg:#000;--muted:#444;--line:#bbb;--code:#f7f7f7;--shadow:none}
body{font-size:11pt}
.wrap{max-width:none;padding:0}
.switch,#failing-only{display:none}
.case>summary::after{content:none}
.turn,.assertion,.judge,.stat,.column,.case>summary{break-inside:avoid}
.case>summary{break-after:avoid}
.matrix-wrap{overflow:visible}
.matrix thead th,.matrix th[scope=row]{position:static}
a{color:inherit;text-decoration:none}
}
`
