// Package scenario is the scenario runner both queuelab models share:
// playbooks of timed control changes (YAML files and --at flags) and the
// typed control tables that apply them to a model's settings, scenarios
// with goals, the per-minute indicator rows a run produces and their
// rendering as a table, CSV or JSON.
//
// A model package (model/paymentswitch, model/webservice) describes its
// controls with package input (Control, Value) and its indicators with the
// types here, and implements Engine twice: once per entity on the des
// engine, once as the original's per-minute formula model. Run drives
// either engine through a playbook.
package scenario
