import JournalKit

/// The pages' style (light and dark, a phone's hands), inlined in every page's head under a CSP hash.
extension Assets {
    /// The style, in every page's head: a page is drawn from its first answer, without a second request for
    /// its style (on a phone's slow connection, a round trip of half a second). The policy lets in this one
    /// element by its hash (`styleSource`), and no other style.
    static let styleElement = "<style>" + style + "</style>"
    static let styleSource = "'sha256-" + Secret.sha256Base64(style) + "'"

    static let style = #"""
    :root { --bg: #fbfaf7; --fg: #1f1d1a; --dim: #6d675e; --line: #e4e0d8; --card: #ffffff; --accent: #c2410c;
            --mark: #fde68a; --shade: 194, 65, 12; --danger: #b91c1c; --sun: #b91c1c; color-scheme: light; }
    @media (prefers-color-scheme: dark) {
      :root:not([data-theme="light"]) { --bg: #171614; --fg: #ece8e1; --dim: #a39d93; --line: #34312c; --card: #201f1c;
            --accent: #fb923c; --mark: #854d0e; --shade: 194, 65, 12; --danger: #f87171; --sun: #f87171; color-scheme: dark; }
    }
    :root[data-theme="dark"] { --bg: #171614; --fg: #ece8e1; --dim: #a39d93; --line: #34312c; --card: #201f1c;
            --accent: #fb923c; --mark: #854d0e; --shade: 194, 65, 12; --danger: #f87171; --sun: #f87171; color-scheme: dark; }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.55 system-ui, -apple-system, "Noto Sans KR",
           "Apple SD Gothic Neo", sans-serif;
           /* Korean breaks between words (예뻤다, 김치찌개였고, #선물 whole), never inside one; a word wider than the
              line (an address) still breaks anywhere rather than run off the screen. */
           word-break: keep-all; overflow-wrap: anywhere; line-break: strict; }
    header { position: sticky; top: 0; background: var(--bg); border-bottom: 1px solid var(--line); z-index: 1; }
    header nav { display: flex; gap: .25rem; max-width: 46rem; margin: 0 auto; padding: .5rem 1rem; align-items: center; }
    header nav a { color: var(--fg); text-decoration: none; padding: .35rem .7rem; border-radius: .5rem; }
    header nav a[aria-current="page"] { background: var(--card); box-shadow: 0 0 0 1px var(--line); }
    #theme { margin-left: auto; }
    main { max-width: 46rem; margin: 0 auto; padding: 1rem; }
    .text table { display: block; overflow-x: auto; }
    .day { display: flex; flex-wrap: wrap; align-items: baseline; gap: .3rem .8rem; margin: 0 0 .6rem; font-weight: 600; }
    .day a.clear { color: var(--accent); font-weight: normal; }
    button { font: inherit; color: inherit; background: var(--card); border: 1px solid var(--line); border-radius: .5rem;
             padding: .3rem .8rem; cursor: pointer; }
    button.danger { color: var(--danger); }
    .unseen { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    input, select, textarea { font: inherit; color: inherit; background: var(--card); border: 1px solid var(--line);
             border-radius: .5rem; padding: .35rem .5rem; }
    .filters { display: flex; flex-wrap: wrap; gap: .4rem; margin-bottom: 1rem; }
    .filters input[type="search"] { flex: 1 1 100%; font-size: 1.1rem; }
    .filters label { display: inline-flex; align-items: center; gap: .25rem; }
    ul.entries { list-style: none; padding: 0; margin: 0; }
    li.entry a { display: flex; flex-direction: column; gap: .1rem; padding: .7rem .4rem; min-width: 0;
             border-bottom: 1px solid var(--line); color: inherit; text-decoration: none; }
    li.entry a:hover { background: var(--card); }
    li.entry .meta { display: flex; flex-wrap: wrap; align-items: center; gap: .15rem .6rem; color: var(--dim); font-size: .85rem; }
    li.entry .weather { color: var(--fg); }
    .category { display: inline-flex; align-items: center; gap: .35em; width: max-content; max-width: 100%; font-size: .8rem;
             padding: 0 .5rem; border-radius: 1rem; border: 1px solid var(--line); color: var(--fg); background: var(--card); }
    .category::before { content: ""; flex: none; width: .6em; height: .6em; border-radius: 50%; background: var(--c, var(--dim));
             box-shadow: 0 0 0 1px var(--dim); }
    .star { color: #eab308; margin-left: .3rem; }
    .tags { color: var(--accent); font-size: .85rem; }
    .preview { margin: .1rem 0 0; color: var(--dim); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; }
    /* A search's line (about 100 characters around the match) wraps to three lines: on a phone one line
       would cut the match off behind its ellipsis. */
    .preview.match { white-space: normal; display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; }
    mark { background: var(--mark); color: inherit; border-radius: .2rem; }
    .more { display: block; text-align: center; padding: 1rem; color: var(--accent); }
    .empty { color: var(--dim); text-align: center; padding: 2rem 0; }
    article.entry h1 { margin-bottom: .2rem; }
    .facts { color: var(--dim); margin-top: 0; }
    .text img, .files img { max-width: 100%; height: auto; border-radius: .5rem; }
    .text pre { overflow-x: auto; background: var(--card); padding: .6rem; border-radius: .5rem; }
    .files { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem; }
    .files img { max-height: 12rem; }
    .actions { display: flex; flex-wrap: wrap; gap: .4rem; margin: 1rem 0; }
    .editor textarea { width: 100%; font-family: ui-monospace, monospace; font-size: .95rem; }
    .editor details.header { margin: .3rem 0; color: var(--dim); }
    .editor details.header textarea { color: var(--fg); font-size: .85rem; }
    .editor .fields { display: flex; flex-wrap: wrap; gap: .4rem; margin: .4rem 0; }
    .editor .fields > * { flex: 1 1 14rem; min-width: 0; }
    .editor .problem { color: var(--danger); min-height: 1em; }
    .hidden { display: none !important; }
    .history { color: var(--dim); font-size: .9rem; }
    .history code { white-space: nowrap; }
    .history button { font-size: .8rem; padding: .1rem .5rem; margin-left: .3rem; }
    .tagger { display: flex; flex-wrap: wrap; gap: .35rem; align-items: center; margin: .3rem 0 .8rem; }
    .tagger .tag { color: var(--accent); font-size: .9rem; }
    .tagger .tag button { border: 0; background: none; padding: 0 .25rem; color: var(--dim); }
    .tagger input { font-size: .85rem; padding: .15rem .45rem; width: 9rem; }
    .gone { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: .5rem .8rem; color: var(--dim); }
    .notice { position: fixed; bottom: 1rem; left: 50%; transform: translateX(-50%); background: var(--fg);
             color: var(--bg); padding: .5rem 1rem; border-radius: .5rem; }
    .broken { color: var(--danger); }
    span.broken { margin-left: .4rem; font-size: .8rem; border: 1px solid currentColor; border-radius: .3rem; padding: 0 .3rem; }
    .notice.lasting { width: min(36rem, calc(100% - 2rem)); white-space: pre-line; cursor: pointer; }
    .months { display: flex; align-items: center; gap: .2rem; }
    .months h1 { margin: 0 auto; font-size: 1.4rem; text-align: center; }
    .months a { color: var(--accent); text-decoration: none; font-size: 1.3rem; display: inline-flex; align-items: center;
             justify-content: center; min-width: 44px; min-height: 44px; border-radius: .5rem; }
    table.calendar { width: 100%; border-collapse: separate; border-spacing: .25rem; table-layout: fixed; }
    .calendar th { color: var(--dim); font-weight: normal; font-size: .85rem; }
    .calendar td { text-align: center; height: 2.8rem; border-radius: .5rem; color: var(--dim); }
    .calendar .sun, .calendar td.sun a { color: var(--sun); }
    /* A day written on: its number, and a dot as large as what was written (the busiest day's largest). */
    .calendar td.has { background: var(--card); box-shadow: 0 0 0 1px var(--line); }
    .calendar td.has a { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 2px;
             height: 2.8rem; color: var(--fg); font-weight: 600; text-decoration: none; border-radius: .5rem; }
    .calendar td.sun.has a { color: var(--sun); }
    .calendar td.has a::after { content: ""; width: var(--dot, .3rem); height: var(--dot, .3rem); border-radius: 50%; background: var(--accent); }
    .calendar td.shade1 { --dot: .3rem; } .calendar td.shade2 { --dot: .4rem; } .calendar td.shade3 { --dot: .5rem; }
    .calendar td.shade4 { --dot: .6rem; } .calendar td.shade5 { --dot: .7rem; }
    .calendar td.now { box-shadow: inset 0 0 0 2px var(--accent); }
    .calendar td.picked { background: var(--accent); color: var(--bg); box-shadow: none; }
    .calendar td.picked a, .calendar td.picked.sun a { color: var(--bg); }
    .calendar td.picked a::after { background: var(--bg); }
    .dayhead { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0 .8rem; margin-top: .8rem; }
    .dayhead h2 { margin: 0; font-size: 1.1rem; }
    .dayhead h2.sun { color: var(--sun); }
    .dayhead a, .elsewhere a { color: var(--accent); display: inline-flex; align-items: center; min-height: 44px; padding: 0 .6rem; }
    .elsewhere { display: flex; justify-content: flex-end; gap: .4rem; margin: 0 0 .2rem; }
    p.elsewhere { margin-top: 1rem; }
    .note { color: var(--dim); font-size: .9rem; }
    .trash li.entry { display: flex; align-items: center; gap: .5rem; border-bottom: 1px solid var(--line); }
    .trash li.entry a { flex: 1; border-bottom: 0; }
    .trash button { flex: none; min-height: 44px; }
    .years { display: flex; flex-wrap: wrap; gap: .3rem; margin-bottom: 1rem; }
    .years a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 .8rem; border-radius: .5rem; color: var(--fg);
             text-decoration: none; border: 1px solid var(--line); }
    .years a[aria-current="page"] { background: var(--card); font-weight: 600; box-shadow: inset 0 0 0 2px var(--accent); }
    .figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .5rem; }
    .figure { display: flex; flex-direction: column; background: var(--card); border: 1px solid var(--line); border-radius: .6rem;
             padding: .6rem .8rem; }
    .figure .label, .figure .span { color: var(--dim); font-size: .85rem; }
    .figure .number { font-size: 1.5rem; font-weight: 700; }
    table.bars { width: 100%; border-collapse: collapse; }
    .bars th, .bars td { padding: .2rem .3rem; text-align: left; font-weight: normal; white-space: nowrap; }
    .bars thead th { color: var(--dim); font-size: .85rem; }
    .bars th[scope="row"] { width: 6.5rem; color: var(--dim); }
    .bars th.sun { color: var(--sun); }
    .bars .n { text-align: right; width: 4.5rem; }
    .bar { display: inline-block; height: .8rem; vertical-align: middle; background: var(--accent); border-radius: .2rem; }
    .hours { list-style: none; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(24, 1fr); gap: 2px; height: 6rem;
             border-bottom: 1px solid var(--line); }
    .hours li { display: flex; align-items: flex-end; min-width: 0; }
    .hours .col { display: block; width: 100%; background: var(--accent); border-radius: .15rem .15rem 0 0; }
    .ticks { display: grid; grid-template-columns: repeat(4, 1fr); color: var(--dim); font-size: .8rem; }
    .chips { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .4rem; }
    .chips a { display: inline-flex; align-items: center; gap: .4rem; min-height: 44px; padding: 0 .7rem; border: 1px solid var(--line);
             border-radius: 1.5rem; color: var(--fg); text-decoration: none; background: var(--card); }
    .chips .count { color: var(--dim); font-size: .85rem; }
    .outbox { margin: 0 auto; max-width: 46rem; padding: .2rem 1rem .4rem; font-size: .85rem; color: var(--dim); }
    .photos { margin: .4rem 0; }
    .photos label.button { display: inline-block; border: 1px solid var(--line); border-radius: .5rem; padding: .45rem .9rem;
             background: var(--card); cursor: pointer; }
    .photos input[type=file] { position: absolute; width: 1px; height: 1px; opacity: 0; }
    .chosen { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .4rem; }
    .chosen img { width: 5rem; height: 5rem; object-fit: cover; border-radius: .4rem; }
    .offers p { margin: .3rem 0; } .offers p.taken { color: var(--dim); }
    dialog.copy { max-width: min(36rem, 92vw); border: 1px solid var(--line); border-radius: .6rem; background: var(--card); color: var(--fg); }
    dialog.copy textarea { width: 100%; }
    @media (max-width: 30rem) { header nav a { padding: .3rem .45rem; } main { padding: .6rem; } }
    details.more-filters { flex: 1 1 100%; }
    details.more-filters > summary { cursor: pointer; color: var(--dim); min-height: 44px; display: flex; align-items: center; }
    details.more-filters.wide > summary { display: none; }
    /* A phone's hands and eyes: whatever is tapped is 44 by 44 CSS pixels at least, and no field's text is
       under 16px (Safari on an iPhone zooms into a smaller one); the editor writes in the reading font. */
    .editor textarea { font-family: inherit; font-size: 1rem; line-height: 1.6; }
    @media (pointer: coarse), (max-width: 30rem) {
      header nav a, #theme, .months a, .tagger .tag button, .history button, .actions button, .photos label.button,
      .filters button, .editor button, p.draft button, .day a.clear, .dayhead a, .elsewhere a, .trash button, .years a, .chips a {
        min-height: 44px; min-width: 44px; display: inline-flex; align-items: center; justify-content: center; }
      input, select, textarea, .tagger input, .editor details.header textarea { font-size: max(16px, 1em); min-height: 44px; }
      .filters label { min-height: 44px; min-width: 44px; }
      input[type="checkbox"] { min-height: 0; width: 1.3rem; height: 1.3rem; }
    }
    """# + steps

    /// A bar's length (`.bar.b0`…`.b20`) and an hour's column's height (`.col.c0`…`.c20`) in twentieths: the
    /// policy lets in no style attribute, so the stats page picks one of these classes.
    private static let steps = (0...20).map { "\n.bar.b\($0) { width: \($0 * 4)%; } .col.c\($0) { height: \($0 * 5)%; }" }.joined() + "\n"
}
