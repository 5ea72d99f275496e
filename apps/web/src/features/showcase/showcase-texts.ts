import type { LanguageCode } from '@coride/domain/languages';

/**
 * What each language card shows, written in that language. These are sample texts for the showcase only:
 * the app's own translations live in locales/<lang>/ and arrive language by language.
 */
export type ShowcaseText = {
  title: string;
  description: string;
  voicePrompt: string;
  nav: { home: string; bookRide: string; dashboard: string };
};

export const showcaseTexts = {
  en: {
    title: 'Rides for every community',
    description: 'Fair fares, local drivers and support in your language.',
    voicePrompt: 'Where would you like to go?',
    nav: { home: 'Home', bookRide: 'Book a ride', dashboard: 'Dashboard' },
  },
  es: {
    title: 'Viajes para cada comunidad',
    description: 'Tarifas justas, conductores locales y asistencia en tu idioma.',
    voicePrompt: '¿A dónde te gustaría ir?',
    nav: { home: 'Inicio', bookRide: 'Reservar un viaje', dashboard: 'Panel' },
  },
  fr: {
    title: 'Des trajets pour chaque communauté',
    description: 'Des tarifs justes, des chauffeurs locaux et une assistance dans votre langue.',
    voicePrompt: 'Où souhaitez-vous aller\u00a0?',
    nav: { home: 'Accueil', bookRide: 'Réserver un trajet', dashboard: 'Tableau de bord' },
  },
  zh: {
    title: '为每个社区提供出行服务',
    description: '公平的车费、本地司机，以及您的语言的支持服务。',
    voicePrompt: '您想去哪里？',
    nav: { home: '首页', bookRide: '预约乘车', dashboard: '控制面板' },
  },
  hi: {
    title: 'हर समुदाय के लिए सवारी',
    description: 'उचित किराया, स्थानीय ड्राइवर और आपकी भाषा में सहायता।',
    voicePrompt: 'आप कहाँ जाना चाहेंगे?',
    nav: { home: 'होम', bookRide: 'सवारी बुक करें', dashboard: 'डैशबोर्ड' },
  },
  ar: {
    title: 'رحلات لكل مجتمع',
    description: 'أجرة عادلة وسائقون محليون ودعم بلغتك.',
    voicePrompt: 'إلى أين تود الذهاب؟',
    nav: { home: 'الرئيسية', bookRide: 'احجز رحلة', dashboard: 'لوحة التحكم' },
  },
  pt: {
    title: 'Corridas para todas as comunidades',
    description: 'Tarifas justas, motoristas locais e suporte no seu idioma.',
    voicePrompt: 'Para onde você gostaria de ir?',
    nav: { home: 'Início', bookRide: 'Pedir uma corrida', dashboard: 'Painel' },
  },
  ru: {
    title: 'Поездки для каждого сообщества',
    description: 'Честные цены, местные водители и поддержка на вашем языке.',
    voicePrompt: 'Куда вы хотите поехать?',
    nav: { home: 'Главная', bookRide: 'Заказать поездку', dashboard: 'Панель управления' },
  },
  ja: {
    title: 'すべての地域のための配車サービス',
    description: '公正な運賃、地元のドライバー、そしてあなたの言語でのサポート。',
    voicePrompt: 'どちらへ行かれますか？',
    nav: { home: 'ホーム', bookRide: '乗車を予約', dashboard: 'ダッシュボード' },
  },
  de: {
    title: 'Fahrten für jede Gemeinschaft',
    description: 'Faire Preise, Fahrer aus der Region und Hilfe in Ihrer Sprache.',
    voicePrompt: 'Wohin möchten Sie fahren?',
    nav: { home: 'Startseite', bookRide: 'Fahrt buchen', dashboard: 'Übersicht' },
  },
  ko: {
    title: '모든 지역 사회를 위한 이동 서비스',
    description: '공정한 요금, 지역 기사, 그리고 사용하시는 언어로 제공되는 지원.',
    voicePrompt: '어디로 가시겠어요?',
    nav: { home: '홈', bookRide: '차량 예약', dashboard: '대시보드' },
  },
  it: {
    title: 'Corse per ogni comunità',
    description: 'Tariffe eque, autisti locali e assistenza nella tua lingua.',
    voicePrompt: 'Dove vorresti andare?',
    nav: { home: 'Home', bookRide: 'Prenota una corsa', dashboard: 'Pannello di controllo' },
  },
  tr: {
    title: 'Her topluluk için yolculuklar',
    description: 'Adil ücretler, yerel sürücüler ve kendi dilinizde destek.',
    voicePrompt: 'Nereye gitmek istersiniz?',
    nav: { home: 'Ana sayfa', bookRide: 'Yolculuk ayırt', dashboard: 'Kontrol paneli' },
  },
  vi: {
    title: 'Chuyến đi cho mọi cộng đồng',
    description: 'Giá cước công bằng, tài xế địa phương và hỗ trợ bằng ngôn ngữ của bạn.',
    voicePrompt: 'Bạn muốn đi đâu?',
    nav: { home: 'Trang chủ', bookRide: 'Đặt chuyến đi', dashboard: 'Bảng điều khiển' },
  },
  th: {
    title: 'การเดินทางสำหรับทุกชุมชน',
    description: 'ค่าโดยสารที่เป็นธรรม คนขับในท้องถิ่น และความช่วยเหลือในภาษาของคุณ',
    voicePrompt: 'คุณต้องการไปที่ไหน',
    nav: { home: 'หน้าแรก', bookRide: 'จองการเดินทาง', dashboard: 'แดชบอร์ด' },
  },
  sw: {
    title: 'Safari kwa kila jamii',
    description: 'Nauli za haki, madereva wa eneo lako na msaada kwa lugha yako.',
    voicePrompt: 'Ungependa kwenda wapi?',
    nav: { home: 'Nyumbani', bookRide: 'Agiza safari', dashboard: 'Dashibodi' },
  },
  my: {
    title: 'အသိုင်းအဝိုင်းတိုင်းအတွက် ခရီးစဉ်များ',
    description: 'မျှတသော ခရီးစရိတ်၊ ဒေသခံ ယာဉ်မောင်းများနှင့် သင့်ဘာသာစကားဖြင့် အကူအညီ။',
    voicePrompt: 'ဘယ်ကို သွားချင်ပါသလဲ။',
    nav: { home: 'ပင်မစာမျက်နှာ', bookRide: 'ခရီးစဉ် မှာယူရန်', dashboard: 'ဒက်ရှ်ဘုတ်' },
  },
} as const satisfies Record<LanguageCode, ShowcaseText>;
