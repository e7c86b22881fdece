#pragma once
// cuDNN outside the toolkits (core detect/nvidialayout.h) in the Welcome page's words: what each
// variant is, which toolkit it serves, whether programs find it now, and whether "Use this cuDNN"
// is offered. Built from the core's fields, not its English sentences, so that it translates.

#include "viewmodels.h"

#include <QCoreApplication>

namespace cudnnsetup {
struct DetectResult;
}

namespace cudnnsetup::wizard {

class CudnnInstallText {
    Q_DECLARE_TR_FUNCTIONS(CudnnInstallText)
public:
    static QList<CudnnInstallView> describe(const DetectResult& result);
    static QString originText(const QString& origin);
};

}  // namespace cudnnsetup::wizard
