// The HTML page Docusaurus writes for each route (its `ssrTemplate`): Docusaurus's own template, with the
// scripts run after the page's first paint instead of as `defer` scripts.
//
// Why: a deferred script runs as soon as the parser finishes, before the browser has painted what it
// parsed, so on a phone the page's text waited for main.js (~1 s of a 4× slower CPU) and its Largest
// Contentful Paint came after it. The scripts are still fetched from the start (preload, at the low
// priority a deferred script gets), in the same order, and run in that order (async = false) one frame
// later; a hidden tab, which paints no frame, runs them at once, and none waits more than 2 s.
export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>(function (scripts) {
      var started = false;
      function run() {
        if (started) return;
        started = true;
        scripts.forEach(function (src) {
          var script = document.createElement('script');
          script.src = src;
          script.async = false;
          document.head.appendChild(script);
        });
      }
      if (document.visibilityState === 'hidden') run();
      else requestAnimationFrame(function () { setTimeout(run, 0); });
      // A page shown but never drawn (an iframe out of view) gets no frame.
      setTimeout(run, 2000);
      document.addEventListener('visibilitychange', run);
    })(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>);</script>
  </body>
</html>
`;
