<?php

/**
 * @license    GPL 2 (http://www.gnu.org/licenses/gpl.html)
 *
 * @author KAWASHIMA,Y <darknmatta@gmail.com>
 * @author HokkaidoPerson <dosankomali@yahoo.co.jp>
 * @author lempel <riverlempel@hotmail.com>
 * @author Yuji Takenaka <webmaster@davilin.com>
 * @author Ikuo Obataya <i.obataya@gmail.com>
 * @author Daniel Dupriest <kououken@gmail.com>
 * @author Kazutaka Miyasaka <kazmiya@gmail.com>
 * @author Taisuke Shimamoto <dentostar@gmail.com>
 * @author Satoshi Sahara <sahara.satoshi@gmail.com>
 * @author Hideaki SAWADA <chuno@live.jp>
 * @author PzF_X <jp_minecraft@yahoo.co.jp>
 */
$lang['encoding']              = 'utf-8';
$lang['direction']             = 'ltr';
$lang['doublequoteopening']    = '“';
$lang['doublequoteclosing']    = '”';
$lang['singlequoteopening']    = '‘';
$lang['singlequoteclosing']    = '’';
$lang['apostrophe']            = '’';
$lang['btn_edit']              = '文書の編集';
$lang['btn_source']            = 'ソースの表示';
$lang['btn_show']              = '文書の表示';
$lang['btn_create']            = '文書の作成';
$lang['btn_search']            = '検索';
$lang['btn_save']              = '保存';
$lang['btn_preview']           = 'プレビュー';
$lang['btn_top']               = '文書の先頭へ';
$lang['btn_newer']             = '<< より新しい';
$lang['btn_older']             = 'より古い >>';
$lang['btn_revs']              = '以前のリビジョン';
$lang['btn_recent']            = '最近の変更';
$lang['btn_upload']            = 'アップロード';
$lang['btn_cancel']            = 'キャンセル';
$lang['btn_index']             = 'サイトマップ';
$lang['btn_secedit']           = '編集';
$lang['btn_login']             = 'ログイン';
$lang['btn_logout']            = 'ログアウト';
$lang['btn_admin']             = '管理';
$lang['btn_update']            = '更新';
$lang['btn_delete']            = '削除';
$lang['btn_back']              = '戻る';
$lang['btn_backlink']          = 'バックリンク';
$lang['btn_subscribe']         = '変更履歴配信の登録';
$lang['btn_profile']           = 'ユーザー情報の更新';
$lang['btn_reset']             = 'リセット';
$lang['btn_resendpwd']         = '新しいパスワードを設定';
$lang['btn_draft']             = 'ドラフトを編集';
$lang['btn_recover']           = 'ドラフトを復元';
$lang['btn_draftdel']          = 'ドラフトを削除';
$lang['btn_revert']            = '元に戻す';
$lang['btn_register']          = 'ユーザー登録';
$lang['btn_apply']             = '適用';
$lang['btn_media']             = 'メディアマネージャー';
$lang['btn_deleteuser']        = '自分のアカウントを抹消する';
$lang['btn_img_backto']        = '%sへ戻る';
$lang['btn_mediaManager']      = 'メディアマネージャーで閲覧';
$lang['loggedinas']            = 'ようこそ:';
