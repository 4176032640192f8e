cosmic-terminal = COSMIC端末
new-terminal = 新しい端末

# Context Pages


## About


## Color schemes

color-schemes = カラースキーム
rename = 名前を変更
export = エクスポート
delete = 削除
import = インポート
import-errors = インポートエラー

## Profiles

profiles = プロファイル
name = 名前
command-line = コマンドライン
tab-title = タブタイトル
tab-title-description = デフォルトのタブタイトルを上書きする
add-profile = プロファイルを追加
new-profile = 新しいプロファイル
make-default = デフォルトにする
working-directory = 作業ディレクトリ
hold = 固定
remain-open = 子プロセスが終了しても閉じない。

## Settings

settings = 設定

### Appearance

appearance = 外観
theme = テーマ
match-desktop = システム設定に従う
dark = ダーク
light = ライト
syntax-dark = 構文強調 ダーク
syntax-light = 構文強調 ライト
default-zoom-step = ズームステップ
opacity = 透明度

### Font

font = フォント
advanced-font-settings = フォントの詳細設定
default-font = フォント
default-font-size = サイズ
default-font-stretch = 幅
default-font-weight = スタイル
default-dim-font-weight = 細字のスタイル
default-bold-font-weight = 太字のスタイル
use-bright-bold = 太字を明るい色で表示する

### Splits

splits = ウィンドウの分割
focus-follow-mouse = フォーカスをマウスに追従

### Advanced

advanced = 高度な設定
show-headerbar = ヘッダーを表示する
show-header-description = 右クリックでヘッダーを表示する。
# Find
find-placeholder = 検索…
find-previous = 前を検索
find-next = 次を検索

# Menu


## File

file = ファイル
new-tab = 新しいタブ
new-window = 新しいウィンドウ
profile = プロファイル
menu-profiles = プロファイル…
close-tab = タブを閉じる
quit = 終了

## Edit

edit = 編集
copy = コピー
paste = 貼り付け
select-all = すべて選択
find = 検索
clear-scrollback = スクロールバックを削除

## View

view = 表示
zoom-in = ズームイン
zoom-reset = デフォルトに戻す
zoom-out = ズームアウト
next-tab = 次のタブ
previous-tab = 前のタブ
split-horizontal = 上下に分割
split-vertical = 左右に分割
pane-toggle-maximize = 最大化を切替
menu-color-schemes = カラースキーム…
menu-settings = 設定...
menu-about = COSMIC端末について...
repository = リポジトリ
support = サポート
