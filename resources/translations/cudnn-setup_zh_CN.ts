<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>ArchiveService</name>
    <message>
      <source>cuDNN %1 for CUDA %2 (%3)</source>
      <translation>适用于 CUDA %2 的 cuDNN %1（%3）</translation>
    </message>
    <message>
      <source>Not identified</source>
      <translation>无法识别</translation>
    </message>
    <message numerus="yes">
      <source>All %n files of the release are present.</source>
      <translation>
        <numerusform>该版本的全部 %n 个文件齐全。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n file(s) missing.</source>
      <translation>
        <numerusform>缺少 %n 个文件。</numerusform>
      </translation>
    </message>
    <message>
      <source>Every entry inflates and matches its CRC-32; libraries are x64.</source>
      <translation>每个条目都能完整解压且 CRC-32 一致；库文件均为 x64。</translation>
    </message>
    <message>
      <source>Damaged or wrong files found.</source>
      <translation>发现损坏或不正确的文件。</translation>
    </message>
    <message>
      <source>No entry escapes the target folder; no zip bomb.</source>
      <translation>没有条目会写到目标文件夹之外；不是压缩炸弹。</translation>
    </message>
    <message>
      <source>The archive tries to write where it must not.</source>
      <translation>压缩包试图写入不允许的位置。</translation>
    </message>
    <message>
      <source>Not checked: verification was cancelled.</source>
      <translation>未检查：校验已取消。</translation>
    </message>
    <message>
      <source>Verification of %1 stopped with an internal error: %2</source>
      <translation>校验 %1 时发生内部错误而中止：%2</translation>
    </message>
    <message>
      <source>NVIDIA's own bytes (official SHA-256, so no CRC pass is needed); libraries are x64.</source>
      <translation>与 NVIDIA 发布的字节完全一致（SHA-256 为官方值，无需逐项 CRC 校验）；库文件均为 x64。</translation>
    </message>
  </context>
  <context>
    <name>CudnnInstallText</name>
    <message>
      <source>NVIDIA's installer</source>
      <translation>NVIDIA 安装程序</translation>
    </message>
    <message>
      <source>pip wheel</source>
      <translation>pip wheel</translation>
    </message>
    <message>
      <source>The CUDA version it was built for is not known.</source>
      <translation>不知道它是为哪个 CUDA 版本构建的。</translation>
    </message>
    <message>
      <source>Built for CUDA %1.x: it serves any CUDA %1.x toolkit.</source>
      <translation>为 CUDA %1.x 构建：适用于任何 CUDA %1.x 工具包。</translation>
    </message>
    <message>
      <source>Built with CUDA %1: it serves any CUDA %2.x toolkit.</source>
      <translation>用 CUDA %1 构建：适用于任何 CUDA %2.x 工具包。</translation>
    </message>
    <message>
      <source>the folder says %1 and you have CUDA %2 (%3): that is fine, the folder names the CUDA NVIDIA built it with, not a version your toolkit must have</source>
      <translation>文件夹名是 %1，而你装的是 CUDA %2（%3）：这没有问题，文件夹名表示 NVIDIA 构建它时用的 CUDA，而不是你的工具包必须具备的版本</translation>
    </message>
    <message>
      <source>it serves CUDA %1 in %2</source>
      <translation>适用于 %2 中的 CUDA %1</translation>
    </message>
    <message>
      <source>No CUDA %1.x toolkit was found on this computer; cuDNN %2 needs one for its cuBLAS and NVRTC.</source>
      <translation>本机上没有找到 CUDA %1.x 工具包；cuDNN %2 需要它提供的 cuBLAS 和 NVRTC。</translation>
    </message>
    <message>
      <source>Here: %1.</source>
      <translation>本机：%1。</translation>
    </message>
    <message>
      <source>%1 (cuDNN %2)</source>
      <translation>%1（cuDNN %2）</translation>
    </message>
    <message>
      <source>Programs find it: its folder is on the search path and this is the cuDNN they load.</source>
      <translation>程序能找到它：它的文件夹在搜索路径上，程序加载的正是这份 cuDNN。</translation>
    </message>
    <message>
      <source>On the search path, but programs load %1 first.</source>
      <translation>在搜索路径上，但程序会先加载 %1。</translation>
    </message>
    <message>
      <source>On the search path, but programs load another copy first.</source>
      <translation>在搜索路径上，但程序会先加载另一份副本。</translation>
    </message>
    <message>
      <source>Not on the search path: programs load %1 instead.</source>
      <translation>不在搜索路径上：程序加载的是 %1。</translation>
    </message>
    <message>
      <source>Not on the search path: programs do not find it ("Could not locate cudnn_ops64_9.dll").</source>
      <translation>不在搜索路径上：程序找不到它（“Could not locate cudnn_ops64_9.dll”）。</translation>
    </message>
    <message>
      <source>A pip wheel: it is loaded by the Python environment it belongs to, not through PATH; cudnn-setup leaves it to pip.</source>
      <translation>pip wheel：由它所属的 Python 环境加载，不经过 PATH；cudnn-setup 交给 pip 管理。</translation>
    </message>
  </context>
  <context>
    <name>DownloadService</name>
    <message>
      <source>NVIDIA's download server</source>
      <translation>NVIDIA 下载服务器</translation>
    </message>
  </context>
  <context>
    <name>InstallService</name>
    <message>
      <source>Install</source>
      <translation>安装</translation>
    </message>
    <message>
      <source>Repair</source>
      <translation>修复</translation>
    </message>
    <message>
      <source>Uninstall</source>
      <translation>卸载</translation>
    </message>
    <message>
      <source>Recover</source>
      <translation>恢复</translation>
    </message>
    <message>
      <source>backup: %1</source>
      <translation>备份：%1</translation>
    </message>
    <message numerus="yes">
      <source>%1 finished: %n change(s) made and recorded.</source>
      <translation>
        <numerusform>%1已完成：共 %n 项更改，均已记录。</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 failed and could NOT be fully rolled back. What is left is listed below; run Recover (or `cudnn-setup recover`) to finish the rollback.</source>
      <translation>%1失败，且未能完全回滚。遗留内容见下方；请运行“恢复”（或 `cudnn-setup recover`）完成回滚。</translation>
    </message>
    <message>
      <source>%1 did not complete. Everything was rolled back: the toolkit and PATH are exactly as before.</source>
      <translation>%1未完成。所有更改均已回滚：工具包和 PATH 与之前完全一致。</translation>
    </message>
    <message>
      <source>Nothing was changed: %1</source>
      <translation>未做任何更改：%1</translation>
    </message>
    <message>
      <source>Verify the archive first.</source>
      <translation>请先校验压缩包。</translation>
    </message>
    <message>
      <source>Cannot plan the install into %1: %2</source>
      <translation>无法制定安装到 %1 的计划：%2</translation>
    </message>
    <message>
      <source>Planning stopped with an internal error: %1</source>
      <translation>制定计划时发生内部错误而中止：%1</translation>
    </message>
    <message numerus="yes">
      <source>%n operation(s) planned</source>
      <translation>
        <numerusform>已计划 %n 项操作</numerusform>
      </translation>
    </message>
    <message>
      <source>Administrator rights are needed: asking for them to run the installer's helper.</source>
      <translation>需要管理员权限：正在请求权限以运行安装辅助程序。</translation>
    </message>
    <message>
      <source>An interrupted change of %1 can only be rolled back with administrator rights: asking for them.</source>
      <translation>%1 有一项被中断的更改，只有具备管理员权限才能回滚：正在请求权限。</translation>
    </message>
    <message>
      <source>Putting cuDNN on PATH</source>
      <translation>正在把 cuDNN 加入 PATH</translation>
    </message>
    <message>
      <source>This session leaves PATH alone, and using this cuDNN is nothing but a PATH change.</source>
      <translation>本次会话不改动 PATH，而使用这份 cuDNN 正是一次 PATH 更改。</translation>
    </message>
    <message>
      <source>Cannot plan putting %1 on PATH: %2</source>
      <translation>无法制定把 %1 加入 PATH 的计划：%2</translation>
    </message>
    <message>
      <source>Cannot plan copying %1 into %2: %3</source>
      <translation>无法规划把 %1 复制到 %2：%3</translation>
    </message>
    <message>
      <source>Copying cuDNN into the toolkit</source>
      <translation>正在把 cuDNN 复制到工具包</translation>
    </message>
  </context>
  <context>
    <name>MachineService</name>
    <message>
      <source>chosen by you</source>
      <translation>由你选择</translation>
    </message>
    <message>
      <source>registry</source>
      <translation>注册表</translation>
    </message>
    <message>
      <source>NVIDIA driver %1 (supports CUDA up to %2)</source>
      <translation>NVIDIA 驱动 %1（最高支持 CUDA %2）</translation>
    </message>
    <message>
      <source>of unknown version</source>
      <translation>（版本未知）</translation>
    </message>
    <message>
      <source>No NVIDIA driver: only the toolkit's stub library was found (%1).</source>
      <translation>没有 NVIDIA 驱动：只找到了工具包自带的桩库（%1）。</translation>
    </message>
    <message>
      <source>No NVIDIA driver found. cuDNN can be installed, but it cannot run until the NVIDIA display driver is installed.</source>
      <translation>未找到 NVIDIA 驱动。cuDNN 可以先安装，但要装好 NVIDIA 显卡驱动后才能运行。</translation>
    </message>
    <message>
      <source>unknown version</source>
      <translation>版本未知</translation>
    </message>
    <message>
      <source>Looking at this computer failed: %1</source>
      <translation>检测本机环境失败：%1</translation>
    </message>
    <message>
      <source>Not checked: choose and verify an archive first.</source>
      <translation>未检查：请先选择并校验压缩包。</translation>
    </message>
    <message>
      <source>cuDNN %1 is not in the compatibility table; nothing is known about it.</source>
      <translation>兼容性表中没有 cuDNN %1，无法判断其兼容性。</translation>
    </message>
    <message>
      <source>The CUDA version of this toolkit is unknown (no version.json, version.txt or cuda_runtime_api.h).</source>
      <translation>无法确定此工具包的 CUDA 版本（没有 version.json、version.txt 或 cuda_runtime_api.h）。</translation>
    </message>
    <message>
      <source>cuDNN %1 for CUDA %2.x</source>
      <translation>适用于 CUDA %2.x 的 cuDNN %1</translation>
    </message>
    <message>
      <source>cuDNN %1 for CUDA %2</source>
      <translation>适用于 CUDA %2 的 cuDNN %1</translation>
    </message>
    <message>
      <source>%1 — does not work with CUDA %2 (another major version). Download the cuDNN build for CUDA %3.x.</source>
      <translation>%1 —— 不能用于 CUDA %2（主版本不同）。请下载适用于 CUDA %3.x 的 cuDNN。</translation>
    </message>
    <message>
      <source>%1 — needs CUDA %2 or later; this toolkit is %3.</source>
      <translation>%1 —— 需要 CUDA %2 或更高版本；此工具包是 %3。</translation>
    </message>
    <message>
      <source>%1 — tested up to CUDA %2; %3 is newer in the same major version and usually works.</source>
      <translation>%1 —— 官方测试到 CUDA %2；%3 属于同一主版本中的较新版本，通常可以使用。</translation>
    </message>
    <message>
      <source>%1 — compatible with %2</source>
      <translation>%1 —— 与 %2 兼容</translation>
    </message>
    <message>
      <source>driver %1 required, none installed</source>
      <translation>需要驱动 %1，但未安装驱动</translation>
    </message>
    <message>
      <source>driver %1 required, %2 installed — update the driver</source>
      <translation>需要驱动 %1，已安装 %2 —— 请更新驱动</translation>
    </message>
    <message>
      <source>driver %1 required, %2 installed</source>
      <translation>需要驱动 %1，已安装 %2</translation>
    </message>
    <message>
      <source>%1 in %2, %3</source>
      <translation>%2 中的%1（%3）</translation>
    </message>
  </context>
  <context>
    <name>ProblemText</name>
    <message>
      <source>the archive</source>
      <translation>压缩包</translation>
    </message>
    <message>
      <source>Identity</source>
      <translation>身份</translation>
    </message>
    <message>
      <source>Authenticity</source>
      <translation>来源可信度</translation>
    </message>
    <message>
      <source>Completeness</source>
      <translation>完整性（文件齐全）</translation>
    </message>
    <message>
      <source>Integrity</source>
      <translation>数据完好</translation>
    </message>
    <message>
      <source>Safety</source>
      <translation>安全性</translation>
    </message>
    <message>
      <source>Official NVIDIA release: the SHA-256 matches NVIDIA's published value.</source>
      <translation>NVIDIA 官方发布版：SHA-256 与 NVIDIA 公布的值一致。</translation>
    </message>
    <message>
      <source>Matches the NVIDIA manifest you gave.</source>
      <translation>与你提供的 NVIDIA 清单一致。</translation>
    </message>
    <message>
      <source>Matches the SHA-256 you entered.</source>
      <translation>与你输入的 SHA-256 一致。</translation>
    </message>
    <message>
      <source>MISMATCH: these are not the bytes NVIDIA published under this name.</source>
      <translation>不一致：这不是 NVIDIA 以此文件名发布的内容。</translation>
    </message>
    <message>
      <source>UNKNOWN: this file's SHA-256 is not in the list of official releases. Install it only if you trust where it came from.</source>
      <translation>未知：此文件的 SHA-256 不在官方发布列表中。只有在你信任它的来源时才安装。</translation>
    </message>
    <message>
      <source>the file</source>
      <translation>该文件</translation>
    </message>
  </context>
  <context>
    <name>QWizard</name>
    <message>
      <source>&lt; &amp;Back</source>
      <translation>&lt; 上一步(&amp;B)</translation>
    </message>
    <message>
      <source>&amp;Next &gt;</source>
      <translation>下一步(&amp;N) &gt;</translation>
    </message>
    <message>
      <source>&amp;Next</source>
      <translation>下一步(&amp;N)</translation>
    </message>
    <message>
      <source>&amp;Finish</source>
      <translation>完成(&amp;F)</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <source>Commit</source>
      <translation>确认</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>帮助(&amp;H)</translation>
    </message>
  </context>
  <context>
    <name>ReportWriter</name>
    <message>
      <source>cudnn-setup report</source>
      <translation>cudnn-setup 报告</translation>
    </message>
    <message>
      <source>Tool</source>
      <translation>工具</translation>
    </message>
    <message>
      <source>System</source>
      <translation>系统</translation>
    </message>
    <message>
      <source>Driver</source>
      <translation>驱动</translation>
    </message>
    <message>
      <source>Toolkits</source>
      <translation>工具包</translation>
    </message>
    <message>
      <source>None found.</source>
      <translation>未找到。</translation>
    </message>
    <message>
      <source>none</source>
      <translation>无</translation>
    </message>
    <message>
      <source>cuDNN copies (the first wins):</source>
      <translation>cuDNN 副本（排在第一的会被加载）：</translation>
    </message>
    <message>
      <source>Archive</source>
      <translation>压缩包</translation>
    </message>
    <message>
      <source>Release</source>
      <translation>版本</translation>
    </message>
    <message>
      <source>not identified</source>
      <translation>无法识别</translation>
    </message>
    <message>
      <source>Authenticity</source>
      <translation>来源可信度</translation>
    </message>
    <message>
      <source>Toolkit</source>
      <translation>工具包</translation>
    </message>
    <message>
      <source>exit code</source>
      <translation>退出码</translation>
    </message>
    <message>
      <source>Left over</source>
      <translation>遗留</translation>
    </message>
    <message>
      <source>Validation</source>
      <translation>验证</translation>
    </message>
    <message>
      <source>Device</source>
      <translation>设备</translation>
    </message>
    <message>
      <source>Loaded</source>
      <translation>已加载</translation>
    </message>
    <message>
      <source>Shape</source>
      <translation>形状</translation>
    </message>
    <message>
      <source>Algorithm</source>
      <translation>算法</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>结果</translation>
    </message>
    <message>
      <source>Max. rel. error</source>
      <translation>最大相对误差</translation>
    </message>
    <message>
      <source>Time (ms)</source>
      <translation>耗时（毫秒）</translation>
    </message>
    <message>
      <source>pass</source>
      <translation>通过</translation>
    </message>
    <message>
      <source>FAIL</source>
      <translation>失败</translation>
    </message>
  </context>
  <context>
    <name>UiKit</name>
    <message numerus="yes">
      <source>about %n second(s) left</source>
      <translation>
        <numerusform>剩余约 %n 秒</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>about %n minute(s) left</source>
      <translation>
        <numerusform>剩余约 %n 分钟</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 of %2</source>
      <translation>%1 / %2</translation>
    </message>
    <message>
      <source>%1/s</source>
      <translation>%1/秒</translation>
    </message>
    <message>
      <source>Fix: %1</source>
      <translation>解决办法：%1</translation>
    </message>
  </context>
  <context>
    <name>ValidationRun</name>
    <message numerus="yes">
      <source>All %n check(s) passed on the GPU.</source>
      <translation>
        <numerusform>全部 %n 项检查均在 GPU 上通过。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n check(s) failed.</source>
      <translation>
        <numerusform>%n 项检查未通过。</numerusform>
      </translation>
    </message>
    <message>
      <source>cuDNN could not be checked on this machine; see the reasons below.</source>
      <translation>无法在本机上检查 cuDNN，原因见下方。</translation>
    </message>
    <message numerus="yes">
      <source>The check did not finish within %n second(s) and was stopped.</source>
      <translation>
        <numerusform>检查未在 %n 秒内完成，已被终止。</numerusform>
      </translation>
    </message>
    <message>
      <source>The check process crashed (a broken cuDNN or driver library can do this).</source>
      <translation>检查进程崩溃了（损坏的 cuDNN 或驱动库可能导致这种情况）。</translation>
    </message>
    <message>
      <source>Could not start %1.</source>
      <translation>无法启动 %1。</translation>
    </message>
    <message>
      <source>The check ended without a result (exit code %1).</source>
      <translation>检查结束但没有给出结果（退出码 %1）。</translation>
    </message>
    <message>
      <source>The check was cancelled.</source>
      <translation>检查已取消。</translation>
    </message>
    <message>
      <source>compute capability %1</source>
      <translation>计算能力 %1</translation>
    </message>
    <message numerus="yes">
      <source>%n multiprocessor(s)</source>
      <translation>
        <numerusform>%n 个多处理器</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 GiB</source>
      <translation>%1 GiB</translation>
    </message>
    <message>
      <source>present</source>
      <translation>已安装</translation>
    </message>
    <message>
      <source>supports CUDA %1</source>
      <translation>支持 CUDA %1</translation>
    </message>
    <message>
      <source>a stub library, not a real driver</source>
      <translation>这是占位库，不是真正的驱动</translation>
    </message>
    <message>
      <source>no NVIDIA driver found</source>
      <translation>未找到 NVIDIA 驱动</translation>
    </message>
    <message>
      <source>no CUDA device found</source>
      <translation>未找到 CUDA 设备</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::ArchivePage</name>
    <message>
      <source>Choose the cuDNN archive</source>
      <translation>选择 cuDNN 压缩包</translation>
    </message>
    <message>
      <source>&amp;Archive:</source>
      <translation>压缩包(&amp;A)：</translation>
    </message>
    <message>
      <source>cudnn-…-windows-x64-….zip</source>
      <translation>cudnn-…-windows-x64-….zip</translation>
    </message>
    <message>
      <source>Chosen archive</source>
      <translation>已选择的压缩包</translation>
    </message>
    <message>
      <source>&amp;Browse…</source>
      <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
      <source>&amp;Found in Downloads, Desktop and the current folder:</source>
      <translation>在“下载”、桌面和当前文件夹中找到(&amp;F)：</translation>
    </message>
    <message>
      <source>Archives found on this computer</source>
      <translation>在本机找到的压缩包</translation>
    </message>
    <message>
      <source>Verification progress</source>
      <translation>校验进度</translation>
    </message>
    <message>
      <source>&amp;Cancel check</source>
      <translation>取消检查(&amp;C)</translation>
    </message>
    <message>
      <source>Verification checklist</source>
      <translation>校验清单</translation>
    </message>
    <message>
      <source>I &amp;trust this file: I know where it came from, although its SHA-256 is not a known NVIDIA release.</source>
      <translation>我信任这个文件(&amp;T)：虽然它的 SHA-256 不属于已知的 NVIDIA 发布版，但我清楚它的来源。</translation>
    </message>
    <message>
      <source>No cudnn*.zip found there.</source>
      <translation>这些位置没有 cudnn*.zip。</translation>
    </message>
    <message>
      <source>No archive chosen yet.</source>
      <translation>尚未选择压缩包。</translation>
    </message>
    <message>
      <source>Reading %1…</source>
      <translation>正在读取 %1…</translation>
    </message>
    <message>
      <source>Checking %1: identity, authenticity, completeness, integrity and safety…</source>
      <translation>正在检查 %1：身份、来源、文件齐全、数据完好与安全性…</translation>
    </message>
    <message>
      <source>The check of %1 was cancelled. Choose the archive again to check it.</source>
      <translation>已取消对 %1 的检查。重新选择该压缩包即可再次检查。</translation>
    </message>
    <message>
      <source>%1, SHA-256 %2</source>
      <translation>%1，SHA-256 %2</translation>
    </message>
    <message>
      <source>%1 is intact, but it is not a known NVIDIA release.</source>
      <translation>%1 完好无损，但不是已知的 NVIDIA 发布版。</translation>
    </message>
    <message>
      <source>%1 is a complete, intact %2.</source>
      <translation>%1 是完整无损的%2。</translation>
    </message>
    <message numerus="yes">
      <source>%1 cannot be installed: %n problem(s) found. Nothing was written.</source>
      <translation>
        <numerusform>无法安装 %1：发现 %n 个问题。未写入任何内容。</numerusform>
      </translation>
    </message>
    <message>
      <source>Notes</source>
      <translation>附注</translation>
    </message>
    <message numerus="yes">
      <source>%n note(s) that do not stop the install.</source>
      <translation>
        <numerusform>%n 条附注，不影响安装。</numerusform>
      </translation>
    </message>
    <message>
      <source>cuDNN archives (*.zip *.tar.xz *.tgz *.tar.gz);;All files (*)</source>
      <translation>cuDNN 压缩包 (*.zip *.tar.xz *.tgz *.tar.gz);;所有文件 (*)</translation>
    </message>
    <message>
      <source>Also install the &amp;extra files this archive has beyond the cuDNN release (listed under Notes).</source>
      <translation>同时安装此压缩包中 cuDNN 发布版之外的额外文件(&amp;E)（见“备注”）。</translation>
    </message>
    <message>
      <source>Choose the cuDNN zip you downloaded from NVIDIA, drop it here, or let cuDNN Setup download the right one. It is checked completely before anything is installed.</source>
      <translation>选择你从 NVIDIA 下载的 cuDNN 压缩包，或将其拖放到这里，也可以让 cuDNN Setup 下载合适的版本。安装前会对其进行完整检查。</translation>
    </message>
    <message>
      <source>I &amp;have the zip</source>
      <translation>我已有压缩包(&amp;H)</translation>
    </message>
    <message>
      <source>Nothing downloaded yet.</source>
      <translation>尚未下载任何文件。</translation>
    </message>
    <message>
      <source>D&amp;ownload from NVIDIA</source>
      <translation>从 NVIDIA 下载(&amp;O)</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::CudnnInstallsPanel</name>
    <message>
      <source>cuDNN outside your CUDA toolkits</source>
      <translation>CUDA 工具包之外的 cuDNN</translation>
    </message>
    <message>
      <source>cuDNN of unknown version</source>
      <translation>版本未知的 cuDNN</translation>
    </message>
    <message>
      <source>cuDNN %1</source>
      <translation>cuDNN %1</translation>
    </message>
    <message>
      <source>for CUDA %1.x</source>
      <translation>适用于 CUDA %1.x</translation>
    </message>
    <message>
      <source>built with CUDA %1</source>
      <translation>用 CUDA %1 构建</translation>
    </message>
    <message>
      <source>Folder: %1</source>
      <translation>文件夹：%1</translation>
    </message>
    <message>
      <source>Fix: %1</source>
      <translation>解决办法：%1</translation>
    </message>
    <message>
      <source>Put it &amp;first on PATH, ahead of %1</source>
      <translation>放在 PATH 最前面，位于 %1 之前(&amp;F)</translation>
    </message>
    <message>
      <source>&amp;Use this cuDNN</source>
      <translation>使用这份 cuDNN(&amp;U)</translation>
    </message>
    <message>
      <source>Add %1 to the system PATH (reviewed before anything changes; undone from Maintenance).</source>
      <translation>把 %1 加入系统 PATH（更改前先确认；可在“维护”中撤销）。</translation>
    </message>
    <message>
      <source>Put its folder on the system &amp;PATH (serves every CUDA %1.x toolkit; NVIDIA's uninstaller keeps working)</source>
      <translation>把它的文件夹加入系统 PATH(&amp;P)（适用于所有 CUDA %1.x 工具包；NVIDIA 的卸载程序仍然可用）</translation>
    </message>
    <message>
      <source>&amp;Copy it into toolkit</source>
      <translation>复制到工具包(&amp;C)</translation>
    </message>
    <message>
      <source>The toolkit becomes self-contained, like a zip install; Uninstall in Maintenance takes the files out again.</source>
      <translation>工具包将自成一体，与 zip 安装相同；在“维护”中卸载可再次移除这些文件。</translation>
    </message>
    <message>
      <source>No CUDA %1.x toolkit was found to copy it into: cuDNN built for CUDA %1 works only in a toolkit of that major version.</source>
      <translation>未找到可复制到的 CUDA %1.x 工具包：为 CUDA %1 构建的 cuDNN 只能用于该主版本的工具包。</translation>
    </message>
    <message>
      <source>Its CUDA version is unknown, so no toolkit can be chosen to copy it into.</source>
      <translation>它的 CUDA 版本未知，因此无法选择要复制到的工具包。</translation>
    </message>
    <message>
      <source>Copy its files into %1 (reviewed before anything changes; undone from Maintenance).</source>
      <translation>把它的文件复制到 %1（更改前先确认；可在“维护”中撤销）。</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::DownloadPanel</name>
    <message>
      <source>Fix: %1</source>
      <translation>解决办法：%1</translation>
    </message>
    <message>
      <source>For the &amp;toolkit:</source>
      <translation>适用的工具包(&amp;T)：</translation>
    </message>
    <message>
      <source>The CUDA toolkit to download cuDNN for</source>
      <translation>要为其下载 cuDNN 的 CUDA 工具包</translation>
    </message>
    <message>
      <source>Read the licence</source>
      <translation>阅读许可协议</translation>
    </message>
    <message>
      <source>&amp;Download</source>
      <translation>下载(&amp;D)</translation>
    </message>
    <message>
      <source>Cancel do&amp;wnload</source>
      <translation>取消下载(&amp;W)</translation>
    </message>
    <message>
      <source>Download progress</source>
      <translation>下载进度</translation>
    </message>
    <message>
      <source>Saved to %1, as you (no administrator rights are needed to download).</source>
      <translation>以当前用户身份保存到 %1（下载不需要管理员权限）。</translation>
    </message>
    <message>
      <source>%1 (CUDA %2)</source>
      <translation>%1（CUDA %2）</translation>
    </message>
    <message>
      <source>CUDA %1 (no toolkit found on this computer)</source>
      <translation>CUDA %1（本机未找到工具包）</translation>
    </message>
    <message>
      <source>Asking %1 which cuDNN fits…</source>
      <translation>正在向 %1 查询适用的 cuDNN…</translation>
    </message>
    <message>
      <source>NVIDIA</source>
      <translation>NVIDIA</translation>
    </message>
    <message>
      <source>Recommended: &lt;b&gt;cuDNN %1 for CUDA %2&lt;/b&gt; — %3, %4</source>
      <translation>推荐：&lt;b&gt;适用于 CUDA %2 的 cuDNN %1&lt;/b&gt; — %3，%4</translation>
    </message>
    <message>
      <source>I &amp;accept the %1.</source>
      <translation>我接受 %1(&amp;A)。</translation>
    </message>
    <message>
      <source>You accepted the %1 on %2.</source>
      <translation>你已于 %2 接受 %1。</translation>
    </message>
    <message>
      <source>Connecting…</source>
      <translation>正在连接…</translation>
    </message>
    <message>
      <source>Already downloaded: %1</source>
      <translation>已下载过：%1</translation>
    </message>
    <message>
      <source>Downloaded %1</source>
      <translation>已下载 %1</translation>
    </message>
    <message>
      <source>Its size and SHA-256 equal the release manifest's. It is checked below like any archive.</source>
      <translation>其大小和 SHA-256 与发布清单一致。下面会像检查其他压缩包一样对它进行检查。</translation>
    </message>
    <message>
      <source>Download cancelled. The %1 downloaded so far are kept; Resume continues from there.</source>
      <translation>下载已取消。已下载的 %1 会保留；点击“继续下载”将从中断处继续。</translation>
    </message>
    <message>
      <source>&amp;Resume</source>
      <translation>继续下载(&amp;R)</translation>
    </message>
    <message>
      <source>Try &amp;again</source>
      <translation>重试(&amp;A)</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::FinishPage</name>
    <message>
      <source>Finished</source>
      <translation>完成</translation>
    </message>
    <message>
      <source>Report</source>
      <translation>报告</translation>
    </message>
    <message>
      <source>&amp;Save report…</source>
      <translation>保存报告(&amp;S)…</translation>
    </message>
    <message>
      <source>Save the report</source>
      <translation>保存报告</translation>
    </message>
    <message>
      <source>Markdown (*.md);;JSON (*.json)</source>
      <translation>Markdown (*.md);;JSON (*.json)</translation>
    </message>
    <message>
      <source>&amp;Copy to clipboard</source>
      <translation>复制到剪贴板(&amp;C)</translation>
    </message>
    <message>
      <source>The report is on the clipboard (Markdown), ready to paste into a bug report.</source>
      <translation>报告（Markdown 格式）已复制到剪贴板，可直接粘贴到问题反馈中。</translation>
    </message>
    <message>
      <source>Open &amp;log folder</source>
      <translation>打开日志文件夹(&amp;L)</translation>
    </message>
    <message>
      <source>Validation: %1</source>
      <translation>验证：%1</translation>
    </message>
    <message>
      <source>Nothing was changed.</source>
      <translation>未做任何更改。</translation>
    </message>
    <message>
      <source>The log is in %1.</source>
      <translation>日志位于 %1。</translation>
    </message>
    <message>
      <source>Report saved to %1.</source>
      <translation>报告已保存到 %1。</translation>
    </message>
    <message>
      <source>Back to the &amp;start</source>
      <translation>回到开始页(&amp;S)</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::FrameworksPanel</name>
    <message>
      <source>Your frameworks</source>
      <translation>你的框架</translation>
    </message>
    <message>
      <source>GPU frameworks in your Python environments and whether they load a working cuDNN</source>
      <translation>你的 Python 环境中的 GPU 框架，以及它们能否加载可用的 cuDNN</translation>
    </message>
    <message>
      <source>Looking at this computer…</source>
      <translation>正在检测本机环境…</translation>
    </message>
    <message numerus="yes">
      <source>No TensorFlow, ONNX Runtime, PaddlePaddle, PyTorch or JAX in the %n Python environment(s) found.</source>
      <translation>
        <numerusform>在找到的 %n 个 Python 环境中没有 TensorFlow、ONNX Runtime、PaddlePaddle、PyTorch 或 JAX。</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 in %2</source>
      <translation>%2 中的 %1</translation>
    </message>
    <message>
      <source>Fix: %1</source>
      <translation>解决办法：%1</translation>
    </message>
    <message numerus="yes">
      <source>%n framework(s) will not load a working cuDNN as things are:</source>
      <translation>
        <numerusform>按目前的状态，有 %n 个框架无法加载可用的 cuDNN：</numerusform>
      </translation>
    </message>
    <message>
      <source>Every GPU framework found loads a cuDNN it was built for:</source>
      <translation>找到的每个 GPU 框架都会加载与其构建版本匹配的 cuDNN：</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::InstallPage</name>
    <message>
      <source>Progress</source>
      <translation>进度</translation>
    </message>
    <message>
      <source>&amp;Cancel and roll back</source>
      <translation>取消并回滚(&amp;C)</translation>
    </message>
    <message>
      <source>Cancelling: undoing every change made so far…</source>
      <translation>正在取消：撤销目前为止的所有更改…</translation>
    </message>
    <message>
      <source>Installation log</source>
      <translation>安装日志</translation>
    </message>
    <message>
      <source>Repairing cuDNN</source>
      <translation>正在修复 cuDNN</translation>
    </message>
    <message>
      <source>Uninstalling cuDNN</source>
      <translation>正在卸载 cuDNN</translation>
    </message>
    <message>
      <source>Installing cuDNN</source>
      <translation>正在安装 cuDNN</translation>
    </message>
    <message>
      <source>Toolkit: %1</source>
      <translation>工具包：%1</translation>
    </message>
    <message>
      <source>Starting…</source>
      <translation>正在开始…</translation>
    </message>
    <message>
      <source>These could not be restored:</source>
      <translation>以下内容未能恢复：</translation>
    </message>
    <message>
      <source>Fix: %1</source>
      <translation>解决办法：%1</translation>
    </message>
    <message>
      <source>Done.</source>
      <translation>已完成。</translation>
    </message>
    <message>
      <source>Stopped.</source>
      <translation>已停止。</translation>
    </message>
    <message numerus="yes">
      <source>%n file(s)</source>
      <translation>
        <numerusform>%n 个文件</numerusform>
      </translation>
    </message>
    <message>
      <source>&amp;Log (paths relative to the toolkit, a line per folder):</source>
      <translation>日志（路径相对于工具包，每个文件夹一行）(&amp;L)：</translation>
    </message>
    <message>
      <source>&amp;Full log…</source>
      <translation>完整日志(&amp;F)…</translation>
    </message>
    <message>
      <source>Every line with full paths, as written to the wizard's log file.</source>
      <translation>包含完整路径的每一行，与向导日志文件中的内容相同。</translation>
    </message>
    <message>
      <source>Full log</source>
      <translation>完整日志</translation>
    </message>
    <message>
      <source>Putting cuDNN on PATH</source>
      <translation>正在把 cuDNN 加入 PATH</translation>
    </message>
    <message>
      <source>Folder: %1</source>
      <translation>文件夹：%1</translation>
    </message>
    <message>
      <source>Copying cuDNN into the toolkit</source>
      <translation>正在把 cuDNN 复制到工具包</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::Main</name>
    <message>
      <source>cudnn-setup.exe is the wizard and takes no command. For scripts and silent installs run the console twin next to it:

cudnn-setup-cli.exe %1</source>
      <translation>cudnn-setup.exe 是图形向导，不接受命令。脚本和静默安装请运行旁边的命令行版本：

cudnn-setup-cli.exe %1</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::MaintenancePage</name>
    <message>
      <source>Maintain cuDNN</source>
      <translation>维护 cuDNN</translation>
    </message>
    <message>
      <source>Choose the toolkit and what to do with its cuDNN.</source>
      <translation>选择工具包，以及要对其中的 cuDNN 做什么。</translation>
    </message>
    <message>
      <source>&amp;Toolkit:</source>
      <translation>工具包(&amp;T)：</translation>
    </message>
    <message>
      <source>Folder</source>
      <translation>文件夹</translation>
    </message>
    <message>
      <source>CUDA</source>
      <translation>CUDA</translation>
    </message>
    <message>
      <source>cuDNN</source>
      <translation>cuDNN</translation>
    </message>
    <message>
      <source>&amp;Repair</source>
      <translation>修复(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Uninstall</source>
      <translation>卸载(&amp;U)</translation>
    </message>
    <message>
      <source>Put the toolkit and PATH back exactly as they were before cuDNN was installed.</source>
      <translation>把工具包和 PATH 完全恢复到安装 cuDNN 之前的样子。</translation>
    </message>
    <message>
      <source>&amp;Validate</source>
      <translation>验证(&amp;V)</translation>
    </message>
    <message>
      <source>Run the convolution check on the GPU again.</source>
      <translation>在 GPU 上重新运行卷积检查。</translation>
    </message>
    <message>
      <source>Re&amp;port</source>
      <translation>报告(&amp;P)</translation>
    </message>
    <message>
      <source>Show the version profile to save or paste into a bug report.</source>
      <translation>显示版本概况，可保存或粘贴到问题反馈中。</translation>
    </message>
    <message>
      <source>Install &amp;another version</source>
      <translation>安装其他版本(&amp;A)</translation>
    </message>
    <message>
      <source>Choose a new cuDNN archive.</source>
      <translation>选择新的 cuDNN 压缩包。</translation>
    </message>
    <message>
      <source>(installed by cudnn-setup)</source>
      <translation>（由 cudnn-setup 安装）</translation>
    </message>
    <message>
      <source>Only an installation made by cudnn-setup can be undone exactly.</source>
      <translation>只有由 cudnn-setup 完成的安装才能被精确撤销。</translation>
    </message>
    <message>
      <source>Restore missing, damaged or empty cuDNN files from the recorded archive, or from an archive you choose (needed for a cuDNN copied by hand).</source>
      <translation>用安装记录中的压缩包或你选择的压缩包，恢复缺失、损坏或为空的 cuDNN 文件（手动复制的 cuDNN 必须选择压缩包）。</translation>
    </message>
    <message>
      <source>&amp;Archive:</source>
      <translation>压缩包(&amp;A)：</translation>
    </message>
    <message>
      <source>Archive to repair from</source>
      <translation>用于修复的压缩包</translation>
    </message>
    <message>
      <source>the recorded archive</source>
      <translation>安装记录中的压缩包</translation>
    </message>
    <message>
      <source>C&amp;hoose archive…</source>
      <translation>选择压缩包(&amp;H)…</translation>
    </message>
    <message>
      <source>cuDNN archive to repair from</source>
      <translation>选择用于修复的 cuDNN 压缩包</translation>
    </message>
    <message>
      <source>This cuDNN was not installed by cudnn-setup: choose the archive to repair it from.</source>
      <translation>这份 cuDNN 不是由 cudnn-setup 安装的：请选择用来修复它的压缩包。</translation>
    </message>
    <message>
      <source>cuDNN archive (*.zip *.tar.xz *.tgz)</source>
      <translation>cuDNN 压缩包 (*.zip *.tar.xz *.tgz)</translation>
    </message>
    <message>
      <source>Toolkits with cuDNN, and NVIDIA cuDNN folders cudnn-setup put on PATH</source>
      <translation>含有 cuDNN 的工具包，以及 cudnn-setup 加入 PATH 的 NVIDIA cuDNN 文件夹</translation>
    </message>
    <message>
      <source>NVIDIA cuDNN %1 (%2) on PATH</source>
      <translation>NVIDIA cuDNN %1（%2）已在 PATH 上</translation>
    </message>
    <message>
      <source>put on PATH by cudnn-setup</source>
      <translation>由 cudnn-setup 加入 PATH</translation>
    </message>
    <message>
      <source>Takes %1 off the system PATH again; NVIDIA's folder stays as it is.</source>
      <translation>把 %1 从系统 PATH 中移除；NVIDIA 的文件夹保持原样。</translation>
    </message>
    <message>
      <source>U&amp;ndo</source>
      <translation>撤销(&amp;N)</translation>
    </message>
    <message>
      <source>cuDNN %1 from NVIDIA's install (%2)</source>
      <translation>来自 NVIDIA 安装的 cuDNN %1（%2）</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::ReviewPage</name>
    <message>
      <source>Review the changes</source>
      <translation>确认更改</translation>
    </message>
    <message>
      <source>Nothing has been written yet. This is exactly what Install will do; if any step fails, all of it is undone.</source>
      <translation>目前尚未写入任何内容。下面就是“安装”将要做的全部操作；任何一步失败，所有更改都会撤销。</translation>
    </message>
    <message>
      <source>&amp;Install</source>
      <translation>安装(&amp;I)</translation>
    </message>
    <message>
      <source>Files that will be added, replaced or removed</source>
      <translation>将被添加、替换或删除的文件</translation>
    </message>
    <message>
      <source>File</source>
      <translation>文件</translation>
    </message>
    <message>
      <source>Change</source>
      <translation>变更</translation>
    </message>
    <message>
      <source>PATH before and after</source>
      <translation>PATH 修改前后</translation>
    </message>
    <message>
      <source>Conflicts and warnings</source>
      <translation>冲突与警告</translation>
    </message>
    <message>
      <source>Working out the plan for %1…</source>
      <translation>正在为 %1 制定安装计划…</translation>
    </message>
    <message numerus="yes">
      <source>Into %1: %n file(s) added</source>
      <translation>
        <numerusform>安装到 %1：添加 %n 个文件</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n replaced (the old ones are kept as backups)</source>
      <translation>
        <numerusform>替换 %n 个（旧文件会保留备份）</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n removed (backed up)</source>
      <translation>
        <numerusform>删除 %n 个（已备份）</numerusform>
      </translation>
    </message>
    <message>
      <source>Administrator rights are needed: Windows will ask when you click Install.</source>
      <translation>需要管理员权限：点击“安装”时 Windows 会请求授权。</translation>
    </message>
    <message>
      <source>added</source>
      <translation>添加</translation>
    </message>
    <message>
      <source>replaced, backup kept</source>
      <translation>替换，保留备份</translation>
    </message>
    <message>
      <source>removed, backup kept</source>
      <translation>删除，保留备份</translation>
    </message>
    <message>
      <source>folder created</source>
      <translation>新建文件夹</translation>
    </message>
    <message>
      <source>PATH stays as it is.</source>
      <translation>PATH 保持不变。</translation>
    </message>
    <message>
      <source>PATH before</source>
      <translation>修改前的 PATH</translation>
    </message>
    <message>
      <source>PATH after (changes highlighted)</source>
      <translation>修改后的 PATH（变更处已高亮）</translation>
    </message>
    <message>
      <source>No conflicts found: no other cuDNN copy will win the library search.</source>
      <translation>未发现冲突：不会有其他 cuDNN 副本抢先被加载。</translation>
    </message>
    <message>
      <source>Size</source>
      <translation>大小</translation>
    </message>
    <message numerus="yes">
      <source>%n file(s)</source>
      <translation>
        <numerusform>%n 个文件</numerusform>
      </translation>
    </message>
    <message>
      <source>symbolic link</source>
      <translation>符号链接</translation>
    </message>
    <message>
      <source>&amp;Use this cuDNN</source>
      <translation>使用这份 cuDNN(&amp;U)</translation>
    </message>
    <message>
      <source>%1 is on the system PATH already; nothing to change.</source>
      <translation>%1 已在系统 PATH 上，无需更改。</translation>
    </message>
    <message>
      <source>Add %1 to the system PATH, ahead of every entry, so that programs started from now on load cuDNN %2 from it.</source>
      <translation>把 %1 加入系统 PATH 的最前面，此后启动的程序会从这里加载 cuDNN %2。</translation>
    </message>
    <message>
      <source>Add %1 to the system PATH (at the end), so that programs started from now on find cuDNN %2 in it.</source>
      <translation>把 %1 加入系统 PATH（末尾），此后启动的程序会在这里找到 cuDNN %2。</translation>
    </message>
    <message>
      <source>Nothing in NVIDIA's folder is changed; Maintenance undoes it.</source>
      <translation>NVIDIA 的文件夹不会有任何改动；可在“维护”中撤销。</translation>
    </message>
    <message>
      <source>Administrator rights are needed: Windows will ask when you click Use this cuDNN.</source>
      <translation>需要管理员权限：点击“使用这份 cuDNN”时 Windows 会请求权限。</translation>
    </message>
    <message numerus="yes">
      <source>Copy cuDNN %1 from %2 into %3: %n file(s) added</source>
      <translation>
        <numerusform>把 cuDNN %1 从 %2 复制到 %3：添加 %n 个文件</numerusform>
      </translation>
    </message>
    <message>
      <source>NVIDIA's folder stays as it is; Uninstall in Maintenance takes the files out of the toolkit again.</source>
      <translation>NVIDIA 的文件夹保持不变；在“维护”中卸载可把这些文件从工具包中移除。</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::Session</name>
    <message>
      <source>Could not write %1: %2. Choose another folder.</source>
      <translation>无法写入 %1：%2。请换一个文件夹。</translation>
    </message>
    <message>
      <source>Matches the SHA-256 in the release manifest it was downloaded with.</source>
      <translation>与下载时所依据的发布清单中的 SHA-256 一致。</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::SetupWizard</name>
    <message>
      <source>cuDNN Setup %1</source>
      <translation>cuDNN 安装向导 %1</translation>
    </message>
    <message>
      <source>Windows will ask for administrator rights.</source>
      <translation>Windows 会请求管理员权限。</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::ToolkitPage</name>
    <message>
      <source>Compatible</source>
      <translation>兼容</translation>
    </message>
    <message>
      <source>Works, with a warning</source>
      <translation>可用，但有警告</translation>
    </message>
    <message>
      <source>Not compatible</source>
      <translation>不兼容</translation>
    </message>
    <message>
      <source>Not checked</source>
      <translation>未检查</translation>
    </message>
    <message>
      <source>Choose the CUDA toolkit</source>
      <translation>选择 CUDA 工具包</translation>
    </message>
    <message>
      <source>cuDNN is merged into the toolkit folder (bin, include, lib). Choose the toolkit your programs use.</source>
      <translation>cuDNN 会被合并到工具包文件夹（bin、include、lib）中。请选择你的程序实际使用的工具包。</translation>
    </message>
    <message>
      <source>&amp;Toolkits found:</source>
      <translation>找到的工具包(&amp;T)：</translation>
    </message>
    <message>
      <source>CUDA toolkits</source>
      <translation>CUDA 工具包</translation>
    </message>
    <message>
      <source>Folder</source>
      <translation>文件夹</translation>
    </message>
    <message>
      <source>CUDA</source>
      <translation>CUDA</translation>
    </message>
    <message>
      <source>Found via</source>
      <translation>发现途径</translation>
    </message>
    <message>
      <source>cuDNN inside</source>
      <translation>已含 cuDNN</translation>
    </message>
    <message>
      <source>Compatibility</source>
      <translation>兼容性</translation>
    </message>
    <message>
      <source>&amp;Other folder…</source>
      <translation>其他文件夹(&amp;O)…</translation>
    </message>
    <message>
      <source>Choose the CUDA toolkit folder</source>
      <translation>选择 CUDA 工具包文件夹</translation>
    </message>
    <message>
      <source>Problems in the chosen toolkit</source>
      <translation>所选工具包中的问题</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>未知</translation>
    </message>
    <message>
      <source>none</source>
      <translation>无</translation>
    </message>
    <message>
      <source>(incomplete)</source>
      <translation>（不完整）</translation>
    </message>
    <message>
      <source>(installed by cudnn-setup)</source>
      <translation>（由 cudnn-setup 安装）</translation>
    </message>
    <message>
      <source>Looking for toolkits…</source>
      <translation>正在查找工具包…</translation>
    </message>
    <message>
      <source>No CUDA toolkit found. Use "Other folder…" to choose it.</source>
      <translation>未找到 CUDA 工具包。请用“其他文件夹…”手动选择。</translation>
    </message>
    <message>
      <source>Choose a toolkit from the list.</source>
      <translation>请从列表中选择一个工具包。</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::ValidatePage</name>
    <message>
      <source>Validate cuDNN on the GPU</source>
      <translation>在 GPU 上验证 cuDNN</translation>
    </message>
    <message>
      <source>Loads cuDNN from the toolkit in a separate process and runs real convolutions, each compared with a CPU reference.</source>
      <translation>在独立进程中从工具包加载 cuDNN，运行真实的卷积运算，并逐一与 CPU 参考结果比对。</translation>
    </message>
    <message>
      <source>Validation running</source>
      <translation>正在验证</translation>
    </message>
    <message>
      <source>&amp;Stop</source>
      <translation>停止(&amp;S)</translation>
    </message>
    <message>
      <source>Run &amp;again</source>
      <translation>再次运行(&amp;A)</translation>
    </message>
    <message>
      <source>Device:</source>
      <translation>设备：</translation>
    </message>
    <message>
      <source>Driver:</source>
      <translation>驱动：</translation>
    </message>
    <message>
      <source>cuDNN:</source>
      <translation>cuDNN：</translation>
    </message>
    <message>
      <source>Loaded from:</source>
      <translation>加载自：</translation>
    </message>
    <message>
      <source>Convolution checks</source>
      <translation>卷积检查</translation>
    </message>
    <message>
      <source>Shape</source>
      <translation>形状</translation>
    </message>
    <message>
      <source>Algorithm</source>
      <translation>算法</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>结果</translation>
    </message>
    <message>
      <source>Max. rel. error</source>
      <translation>最大相对误差</translation>
    </message>
    <message>
      <source>Time (ms)</source>
      <translation>耗时（毫秒）</translation>
    </message>
    <message>
      <source>Why the check failed and what to do</source>
      <translation>检查失败的原因及解决办法</translation>
    </message>
    <message>
      <source>Checking cuDNN in %1…</source>
      <translation>正在检查 %1 中的 cuDNN…</translation>
    </message>
    <message>
      <source>not reported</source>
      <translation>未报告</translation>
    </message>
    <message>
      <source>pass</source>
      <translation>通过</translation>
    </message>
    <message>
      <source>FAIL</source>
      <translation>失败</translation>
    </message>
    <message>
      <source>FAIL: %1</source>
      <translation>失败：%1</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::WelcomePage</name>
    <message>
      <source>Install NVIDIA cuDNN</source>
      <translation>安装 NVIDIA cuDNN</translation>
    </message>
    <message>
      <source>This wizard checks a cuDNN archive, merges it into a CUDA toolkit as one transaction, fixes PATH, and proves that cuDNN works on your GPU.</source>
      <translation>本向导会检查 cuDNN 压缩包，以单个事务把它合并进 CUDA 工具包，修正 PATH，并在你的 GPU 上实际验证 cuDNN 能否正常工作。</translation>
    </message>
    <message>
      <source>&lt;ol&gt;&lt;li&gt;Choose the cuDNN zip you downloaded; it is verified at once.&lt;/li&gt;&lt;li&gt;Choose the CUDA toolkit to install into.&lt;/li&gt;&lt;li&gt;Review every file and the PATH change before anything is written.&lt;/li&gt;&lt;li&gt;Install. If anything fails, the toolkit and PATH are restored exactly.&lt;/li&gt;&lt;li&gt;Validate: run real convolutions with the installed cuDNN.&lt;/li&gt;&lt;/ol&gt;</source>
      <translation>&lt;ol&gt;&lt;li&gt;选择下载好的 cuDNN zip，选中后立即校验。&lt;/li&gt;&lt;li&gt;选择要安装到的 CUDA 工具包。&lt;/li&gt;&lt;li&gt;在写入任何内容之前，逐一确认每个文件和 PATH 的改动。&lt;/li&gt;&lt;li&gt;安装。一旦出错，工具包和 PATH 会被原样恢复。&lt;/li&gt;&lt;li&gt;验证：用刚装好的 cuDNN 运行真实的卷积运算。&lt;/li&gt;&lt;/ol&gt;</translation>
    </message>
    <message>
      <source>On this computer</source>
      <translation>本机情况</translation>
    </message>
    <message>
      <source>Looking at this computer…</source>
      <translation>正在检测本机环境…</translation>
    </message>
    <message>
      <source>What was found on this computer</source>
      <translation>在本机检测到的内容</translation>
    </message>
    <message>
      <source>&amp;Recover now</source>
      <translation>立即恢复(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Install cuDNN from an archive</source>
      <translation>从压缩包安装 cuDNN(&amp;I)</translation>
    </message>
    <message>
      <source>&amp;Maintain an existing installation (repair, uninstall, validate, report)</source>
      <translation>维护已有的安装（修复、卸载、验证、报告）(&amp;M)</translation>
    </message>
    <message>
      <source>No CUDA toolkit was found. Install the CUDA toolkit first, or choose its folder on the next pages.</source>
      <translation>未找到 CUDA 工具包。请先安装 CUDA 工具包，或在后面的页面中手动选择它的文件夹。</translation>
    </message>
    <message>
      <source>no cuDNN</source>
      <translation>未装 cuDNN</translation>
    </message>
    <message>
      <source>cuDNN %1</source>
      <translation>cuDNN %1</translation>
    </message>
    <message>
      <source>CUDA %1 in %2 — %3</source>
      <translation>CUDA %1，位于 %2 —— %3</translation>
    </message>
    <message>
      <source>(version unknown)</source>
      <translation>（版本未知）</translation>
    </message>
    <message>
      <source>cuDNN used by programs started now: %1</source>
      <translation>现在启动的程序会使用的 cuDNN：%1</translation>
    </message>
    <message numerus="yes">
      <source>%n problem(s) found; they are explained on the Review page.</source>
      <translation>
        <numerusform>发现 %n 个问题，将在“确认更改”页中说明。</numerusform>
      </translation>
    </message>
    <message>
      <source>An installation was interrupted (%1). Until it is rolled back the toolkit may be half changed. Recover it first; nothing else is changed.</source>
      <translation>有一次安装被中断了（%1）。在回滚之前，工具包可能处于改了一半的状态。请先恢复；恢复不会改动其他任何内容。</translation>
    </message>
    <message>
      <source>Rolling back the interrupted installation…</source>
      <translation>正在回滚被中断的安装…</translation>
    </message>
  </context>
</TS>
