#include "cli/elevatedargs.h"

#include "install/trust.h"

namespace cudnnsetup::cli {

void addElevatedApplyOptions(CLI::App& helper, InstallArgs& args)
{
    helper.add_option("--operation", args.operation)->required();
    helper.add_option("--toolkit", args.toolkit)->required();
    helper.add_option("--transaction", args.transaction)->required();
    helper.add_option("--plan-digest", args.planDigest)->required();
    helper.add_option("--archive", args.archive);
    helper.add_option("--sha256", args.sha256);
    helper.add_option("--manifest", args.manifest);
    helper.add_flag("--allow-unknown", args.allowUnknown);
    helper.add_flag("--no-path", args.noPath);
    helper.add_flag("--include-extra-files", args.includeExtraFiles);
    helper.add_flag("--new-prefix", args.newPrefix);
}

std::optional<Problem> checkElevatedRequest(const InstallArgs& a, const std::string& stateDir, PlanKind* kind)
{
    std::optional<PlanKind> kindOf;
    for (PlanKind k : {PlanKind::Install, PlanKind::Repair, PlanKind::Uninstall})
        if (a.operation == toString(k))
            kindOf = k;
    const PlanKind k = kindOf.value_or(PlanKind::Install);
    if (!kindOf || !validTransactionId(a.transaction) || a.planDigest.size() != 64 ||
        (k == PlanKind::Install && a.archive.empty()) || (k == PlanKind::Uninstall && !a.archive.empty()))
        return Problem{"unsafe-plan", std::nullopt,
                       "The elevated helper was started with an incomplete request; nothing was changed."};
    if (auto bad = checkInstallRoot(a.toolkit, stateDir, a.newPrefix && k == PlanKind::Install))
        return bad;
    *kind = k;
    return std::nullopt;
}

}  // namespace cudnnsetup::cli
