package serve

import (
	"fmt"
	"net/http"

	"queuelab/model/scenario"
	"queuelab/playbooks"
)

// referenceJSON is GET /api/playbook?system=S&scenario=C: the scenario's
// reference playbook as written, its comment (which explains it) in the
// request's language (localPlaybook), and as planned actions for a replay
// link ("5m:servers=12").
type referenceJSON struct {
	Source string   `json:"source"`
	At     []string `json:"at"`
}

func (srv *Server) handleReference(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	sys, err := srv.system(q.Get("system"))
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	name := q.Get("scenario")
	src, ok := playbooks.Source(sys.Name, name)
	if !ok {
		fail(w, http.StatusNotFound, "no reference playbook for %s/%s", sys.Name, clip(name, 40))
		return
	}
	pb, err := scenario.ParseYAML(sys.Name+"-"+name+".yaml", src, sys.Controls)
	if err != nil {
		fail(w, http.StatusInternalServerError, "the reference playbook does not parse: %v", err)
		return
	}
	out := referenceJSON{Source: localPlaybook(pageLanguage(r), string(src))}
	for _, a := range pb {
		out.At = append(out.At, fmt.Sprintf("%dm:%s=%s", a.Minute, a.Control, a.Value.Text))
	}
	writeJSON(w, http.StatusOK, out)
}
