package serve

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

const dumpJS = `(() => {
  const out = [];
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    const s = n.textContent.trim();
    if (!s) continue;
    const e = n.parentElement;
    if (!e || !e.checkVisibility({checkOpacity:false, checkVisibilityCSS:true})) continue;
    if (e.closest("script,style")) continue;
    out.push((e.id ? "#" + e.id : e.tagName.toLowerCase() + (e.className && typeof e.className === "string" ? "." + e.className.split(" ")[0] : "")) + " | " + s);
  }
  for (const e of document.querySelectorAll("[title],[aria-label],[placeholder]")) {
    for (const a of ["title","aria-label","placeholder"]) if (e.getAttribute(a)) out.push("@" + a + " " + (e.id||e.tagName) + " | " + e.getAttribute(a));
  }
  out.push("TITLE | " + document.title);
  return out.join("\n");
})()`

func TestZZWalk(t *testing.T) {
	ctx := browser(t)
	ts := liveServer(t, []scenario.System{paymentswitch.System, webservice.System}, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	dump := func(p page, name string) {
		os.WriteFile(filepath.Join("/tmp/i24d/walk", name+".txt"), []byte(p.str(dumpJS)), 0o644)
	}
	for _, lang := range []string{"tr", "uz"} {
		for _, sys := range []struct{ sys, scen string }{{"switch", "sale-surge"}, {"web", "bad-build"}} {
			p := page{t, ctx}
			p.do(chromedp.Navigate(ts.URL+"/?lang="+lang+"&system="+sys.sys+"&scenario="+sys.scen+"&seed=1"),
				until(`app.st && app.st.scenario === "`+sys.scen+`"`, 10*time.Second),
				click(`#speeds button[data-speed="-1"]`), until(`app.rows.length >= 8`, 30*time.Second),
				click("#pause"), until(`!app.st.running`, 10*time.Second))
			chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach(d => d.open = true); document.querySelectorAll("[hidden]").forEach(e=>{}); `))
			dump(p, lang+"-"+sys.sys)
		}
		p := page{t, ctx}
		for _, n := range []string{"tandem", "terminal", "call-centre", "central-server", "gg1-qna", "ggc-qna", "jackson-feedback", "loss-mmck", "priority-mg1", "ps-insensitivity"} {
			p.do(chromedp.Navigate(ts.URL+"/network.html?lang="+lang+"&net="+n+"&seed=1"),
				until(`net.st && document.querySelectorAll("#table tr").length > 1`, 10*time.Second),
				click(`#speeds button[data-speed="-1"]`), until(`net.st.time > 200`, 30*time.Second),
				click("#pause"), until(`!net.st.running`, 10*time.Second))
			time.Sleep(time.Second)
			dump(p, lang+"-net-"+n)
		}
	}
}
