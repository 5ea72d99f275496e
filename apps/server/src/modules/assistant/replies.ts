/*
 * The assistant's reply texts: one template per reply and language, with {placeholders} filled from the
 * caller's data (facts.ts). en, es, fr and zh have every reply; the core languages (the other 13 UI
 * languages) have the replies of the core intents; anything missing falls back to English.
 */

export const replyKeys = [
  'greeting',
  'thanks',
  'where_driver',
  'where_driver_no_eta',
  'where_in_progress',
  'where_searching',
  'no_active_ride',
  'fare_ride',
  'fare_general',
  'payment_authorized',
  'payment_held',
  'payment_released',
  'payment_disputed',
  'payment_refunded',
  'payment_voided',
  'payment_none',
  'escrow_general',
  'cancel_can',
  'cancel_in_progress',
  'cancel_none',
  'dispute_can',
  'dispute_exists',
  'dispute_none',
  'lost_item_ride',
  'lost_item_none',
  'safety',
  'escalate_person',
  'escalate_unsure',
  'escalate_admins',
  'escalate_licensee',
  'safety_call',
  'voice_person',
  'booking_how_to',
  'payment_methods',
  'payment_methods_none',
  'tip_rating',
  'driver_apply',
  'driver_apply_status',
  'go_online_ready',
  'go_online_pending',
  'earnings',
  'tier_goals',
  'territory',
  'approve_drivers',
  'account_language',
  'not_for_role',
  'signin',
  'voice_unsure',
] as const;
export type ReplyKey = (typeof replyKeys)[number];

type Templates = Record<ReplyKey, string>;

const en: Templates = {
  greeting: 'Hi {name}! I can help with your ride, its fare, payments, cancelling or a problem. What do you need?',
  thanks: "You're welcome! Anything else?",
  where_driver: '{driver} is on the way in a {vehicle} ({plate}), about {eta} min from {pickup}.',
  where_driver_no_eta: '{driver} accepted your ride and is coming in a {vehicle} ({plate}); their position will show on the map in a moment.',
  where_in_progress: "You're riding with {driver}: about {eta} min to {dropoff}.",
  where_searching: "We're still finding a driver near {pickup}. You'll be told as soon as one accepts.",
  no_active_ride: "You don't have an active ride right now. You can book one from the Ride tab.",
  fare_ride:
    'Your ride from {pickup} to {dropoff} costs {total}: base {base} + {distance} mi {distanceFare} + {duration} min {timeFare} = {subtotal}, plus the 3% platform fee {platformFee} and the 3% admin fee {adminFee}. The driver gets {driverShare}; the price was fixed when you booked (no surge).',
  fare_general: 'A fare is a base of {base} plus {perMile} per mile and {perMinute} per minute, plus a 3% platform fee and a 3% admin fee. You see the full price before booking and it never surges.',
  payment_authorized: '{total} is reserved on your {card} for the ride to {dropoff}; it is charged only when the ride is completed.',
  payment_held: 'You paid {paid} for the ride to {dropoff}. It is held in escrow until {date}, then released to the driver.',
  payment_released: 'You paid {paid} for the ride to {dropoff}; it was released to the driver on {date}.',
  payment_disputed: 'You paid {paid} for the ride to {dropoff}. It stays on hold while your dispute is reviewed by the local licensee.',
  payment_refunded: '{refunded} of the ride to {dropoff} was refunded to your card.',
  payment_voided: 'The ride to {dropoff} was cancelled: the hold on your card was released and nothing was charged.',
  payment_none: "You don't have any payments yet.",
  escrow_general: 'After a ride, the payment stays in escrow for 3 days so you can report a problem; then the driver and the other payees are paid.',
  cancel_can: 'You can cancel your ride to {dropoff} now, free of charge. Use the button below if you want to.',
  cancel_in_progress: 'Your ride to {dropoff} has already started, so it can no longer be cancelled. If something is wrong, tell me or report a problem after the ride.',
  cancel_none: "You don't have a ride to cancel.",
  dispute_can: "I'm sorry about that. You can report a problem with your ride to {dropoff} ({total}) until {date}; the payment stays on hold and the local licensee reviews it.",
  dispute_exists: 'A dispute is already open for your ride to {dropoff}; the local licensee will decide and you will be notified.',
  dispute_none: "I couldn't find a recent completed ride to report, so I've passed this to a person from our support team.",
  lost_item_ride: "Let's get it back: report it on your ride to {dropoff} with {driver} (until {date}) and describe the item; the driver and the licensee will be told.",
  lost_item_none: "I couldn't find a recent ride for this, so I've asked a person from our support team to help you.",
  safety: 'If you are in danger, call 911 now. I have alerted a person from our support team, who will follow up with you here.',
  escalate_person: 'I have passed your conversation to {who}. A person will answer you here.',
  escalate_unsure: "I'm not sure I understood, so I've passed your question to {who}. A person will answer you here.",
  escalate_admins: 'our support team',
  escalate_licensee: "the local licensee's support team",
  safety_call: 'If you are in danger, call 911 now. Then tell us what happened in the support chat.',
  voice_person: 'To talk to a person, open the support chat and ask for one: they will answer you there.',
  booking_how_to: 'Enter your pickup and drop-off on the Ride tab, check the price, and tap Book. A card is needed before booking.',
  payment_methods: 'You have {count} card(s); the default is your {card}. You can add, remove or change the default in the Payments tab.',
  payment_methods_none: "You don't have a card yet. Add one in the Payments tab before booking.",
  tip_rating: 'After the ride you can rate {driver} and add a tip from the ride screen or its receipt; 100% of the tip goes to the driver.',
  driver_apply: 'To drive, sign up as a driver with your licence, insurance and vehicle details; the local licensee or an admin reviews the application.',
  driver_apply_status: 'Your driver application is {status}.',
  go_online_ready: "You're approved{territory}. Turn on Online in your dashboard and allow location sharing; ride requests near you will then appear.",
  go_online_pending: 'You can go online once your application is approved; it is {status} for now.',
  earnings: 'Today you earned {today} from {todayRides} ride(s), {week} this week. {pending} is held in escrow (next release {next}) and {released} has been released; tips so far: {tips}.',
  tier_goals: 'Driver tiers, goals and bonuses are coming soon. For now you keep 100% of the fare before fees and 100% of your tips.',
  territory: 'Your territory {territory} covers the zip codes {zips}.',
  approve_drivers: '{count} driver application(s) are waiting for your review in {territory}. Open Drivers in your dashboard to approve or reject them.',
  account_language: 'Choose your language from the language menu at the top of the page; I answer in the language you write in.',
  not_for_role: "That question is about another kind of account; I can't see anything for yours. Ask me something else or I'll pass it to a person.",
  signin: 'Please sign in so I can look at your rides and payments.',
  voice_unsure: "Sorry, I didn't get that. You can ask about your driver, your fare or your payment, or open the chat to reach a person.",
};

const es: Templates = {
  greeting: '¡Hola {name}! Puedo ayudarte con tu viaje, su tarifa, los pagos, una cancelación o un problema. ¿Qué necesitas?',
  thanks: '¡De nada! ¿Algo más?',
  where_driver: '{driver} va en camino en un {vehicle} ({plate}), a unos {eta} min de {pickup}.',
  where_driver_no_eta: '{driver} aceptó tu viaje y viene en un {vehicle} ({plate}); su posición aparecerá en el mapa en un momento.',
  where_in_progress: 'Vas con {driver}: faltan unos {eta} min para llegar a {dropoff}.',
  where_searching: 'Seguimos buscando un conductor cerca de {pickup}. Te avisaremos en cuanto uno acepte.',
  no_active_ride: 'No tienes ningún viaje activo ahora. Puedes pedir uno en la pestaña Viaje.',
  fare_ride:
    'Tu viaje de {pickup} a {dropoff} cuesta {total}: base {base} + {distance} mi {distanceFare} + {duration} min {timeFare} = {subtotal}, más la tarifa de plataforma del 3% {platformFee} y la de administración del 3% {adminFee}. El conductor recibe {driverShare}; el precio se fijó al reservar (sin tarifa dinámica).',
  fare_general: 'La tarifa es una base de {base} más {perMile} por milla y {perMinute} por minuto, más un 3% de plataforma y un 3% de administración. Ves el precio completo antes de reservar y nunca sube.',
  payment_authorized: '{total} está reservado en tu {card} para el viaje a {dropoff}; solo se cobra cuando termina el viaje.',
  payment_held: 'Pagaste {paid} por el viaje a {dropoff}. Está retenido en depósito hasta el {date} y luego se libera al conductor.',
  payment_released: 'Pagaste {paid} por el viaje a {dropoff}; se liberó al conductor el {date}.',
  payment_disputed: 'Pagaste {paid} por el viaje a {dropoff}. Queda retenido mientras el licenciatario local revisa tu disputa.',
  payment_refunded: 'Se reembolsaron {refunded} del viaje a {dropoff} a tu tarjeta.',
  payment_voided: 'El viaje a {dropoff} se canceló: se liberó la retención de tu tarjeta y no se cobró nada.',
  payment_none: 'Todavía no tienes pagos.',
  escrow_general: 'Tras un viaje, el pago queda en depósito 3 días para que puedas reportar un problema; después se paga al conductor y a los demás.',
  cancel_can: 'Puedes cancelar tu viaje a {dropoff} ahora, sin costo. Usa el botón de abajo si quieres.',
  cancel_in_progress: 'Tu viaje a {dropoff} ya empezó, así que ya no se puede cancelar. Si algo va mal, dímelo o reporta un problema después del viaje.',
  cancel_none: 'No tienes ningún viaje que cancelar.',
  dispute_can: 'Lo siento. Puedes reportar un problema con tu viaje a {dropoff} ({total}) hasta el {date}; el pago queda retenido y el licenciatario local lo revisa.',
  dispute_exists: 'Ya hay una disputa abierta para tu viaje a {dropoff}; el licenciatario local decidirá y te avisaremos.',
  dispute_none: 'No encontré un viaje reciente completado para reportar, así que pasé esto a una persona de soporte.',
  lost_item_ride: 'Vamos a recuperarlo: repórtalo en tu viaje a {dropoff} con {driver} (hasta el {date}) y describe el objeto; avisaremos al conductor y al licenciatario.',
  lost_item_none: 'No encontré un viaje reciente para esto, así que pedí a una persona de soporte que te ayude.',
  safety: 'Si estás en peligro, llama al 911 ahora. Avisé a una persona de nuestro equipo de soporte, que te responderá aquí.',
  escalate_person: 'Pasé tu conversación a {who}. Una persona te responderá aquí.',
  escalate_unsure: 'No estoy seguro de haberte entendido, así que pasé tu pregunta a {who}. Una persona te responderá aquí.',
  escalate_admins: 'nuestro equipo de soporte',
  escalate_licensee: 'el equipo de soporte del licenciatario local',
  safety_call: 'Si estás en peligro, llama al 911 ahora. Luego cuéntanos qué pasó en el chat de soporte.',
  voice_person: 'Para hablar con una persona, abre el chat de soporte y pídelo: te responderán allí.',
  booking_how_to: 'Escribe tu origen y destino en la pestaña Viaje, revisa el precio y toca Reservar. Necesitas una tarjeta antes de reservar.',
  payment_methods: 'Tienes {count} tarjeta(s); la predeterminada es tu {card}. Puedes añadir, quitar o cambiar la predeterminada en la pestaña Pagos.',
  payment_methods_none: 'Aún no tienes tarjeta. Añade una en la pestaña Pagos antes de reservar.',
  tip_rating: 'Después del viaje puedes calificar a {driver} y dejar propina desde la pantalla del viaje o su recibo; el 100% de la propina es para el conductor.',
  driver_apply: 'Para conducir, regístrate como conductor con tu licencia, seguro y datos del vehículo; el licenciatario local o un administrador revisa la solicitud.',
  driver_apply_status: 'Tu solicitud de conductor está {status}.',
  go_online_ready: 'Estás aprobado{territory}. Activa En línea en tu panel y permite compartir tu ubicación; verás las solicitudes cercanas.',
  go_online_pending: 'Podrás conectarte cuando aprueben tu solicitud; por ahora está {status}.',
  earnings: 'Hoy ganaste {today} en {todayRides} viaje(s), {week} esta semana. {pending} está retenido en depósito (próxima liberación {next}) y {released} ya se liberó; propinas: {tips}.',
  tier_goals: 'Los niveles, metas y bonos para conductores llegarán pronto. Por ahora recibes el 100% de la tarifa antes de comisiones y el 100% de las propinas.',
  territory: 'Tu territorio {territory} cubre los códigos postales {zips}.',
  approve_drivers: 'Hay {count} solicitud(es) de conductor esperando tu revisión en {territory}. Abre Conductores en tu panel para aprobarlas o rechazarlas.',
  account_language: 'Elige tu idioma en el menú de idiomas arriba de la página; respondo en el idioma en que escribes.',
  not_for_role: 'Esa pregunta es para otro tipo de cuenta; no veo nada para la tuya. Pregúntame otra cosa o la paso a una persona.',
  signin: 'Inicia sesión para que pueda ver tus viajes y pagos.',
  voice_unsure: 'Perdona, no te entendí. Puedes preguntar por tu conductor, tu tarifa o tu pago, o abrir el chat para hablar con una persona.',
};

const fr: Templates = {
  greeting: 'Bonjour {name} ! Je peux vous aider pour votre course, son prix, les paiements, une annulation ou un problème. Que puis-je faire ?',
  thanks: 'Avec plaisir ! Autre chose ?',
  where_driver: '{driver} arrive dans une {vehicle} ({plate}), à environ {eta} min de {pickup}.',
  where_driver_no_eta: '{driver} a accepté votre course et arrive dans une {vehicle} ({plate}) ; sa position s’affichera sur la carte dans un instant.',
  where_in_progress: 'Vous roulez avec {driver} : environ {eta} min jusqu’à {dropoff}.',
  where_searching: 'Nous cherchons encore un chauffeur près de {pickup}. Vous serez prévenu dès qu’un chauffeur accepte.',
  no_active_ride: 'Vous n’avez pas de course en cours. Vous pouvez en réserver une dans l’onglet Course.',
  fare_ride:
    'Votre course de {pickup} à {dropoff} coûte {total} : base {base} + {distance} mi {distanceFare} + {duration} min {timeFare} = {subtotal}, plus les frais de plateforme de 3 % {platformFee} et d’administration de 3 % {adminFee}. Le chauffeur reçoit {driverShare} ; le prix a été fixé à la réservation (pas de majoration).',
  fare_general: 'Le prix est une base de {base} plus {perMile} par mile et {perMinute} par minute, plus 3 % de frais de plateforme et 3 % de frais d’administration. Vous voyez le prix complet avant de réserver et il n’augmente jamais.',
  payment_authorized: '{total} est réservé sur votre {card} pour la course vers {dropoff} ; il n’est débité qu’à la fin de la course.',
  payment_held: 'Vous avez payé {paid} pour la course vers {dropoff}. Le montant est bloqué sous séquestre jusqu’au {date}, puis versé au chauffeur.',
  payment_released: 'Vous avez payé {paid} pour la course vers {dropoff} ; le montant a été versé au chauffeur le {date}.',
  payment_disputed: 'Vous avez payé {paid} pour la course vers {dropoff}. Le montant reste bloqué pendant que le licencié local examine votre litige.',
  payment_refunded: '{refunded} de la course vers {dropoff} ont été remboursés sur votre carte.',
  payment_voided: 'La course vers {dropoff} a été annulée : l’autorisation sur votre carte a été levée et rien n’a été débité.',
  payment_none: 'Vous n’avez encore aucun paiement.',
  escrow_general: 'Après une course, le paiement reste sous séquestre 3 jours pour que vous puissiez signaler un problème ; ensuite le chauffeur et les autres bénéficiaires sont payés.',
  cancel_can: 'Vous pouvez annuler votre course vers {dropoff} maintenant, sans frais. Utilisez le bouton ci-dessous si vous le souhaitez.',
  cancel_in_progress: 'Votre course vers {dropoff} a déjà commencé et ne peut plus être annulée. Si quelque chose ne va pas, dites-le-moi ou signalez un problème après la course.',
  cancel_none: 'Vous n’avez pas de course à annuler.',
  dispute_can: 'Désolé. Vous pouvez signaler un problème sur votre course vers {dropoff} ({total}) jusqu’au {date} ; le paiement reste bloqué et le licencié local l’examine.',
  dispute_exists: 'Un litige est déjà ouvert pour votre course vers {dropoff} ; le licencié local décidera et vous serez prévenu.',
  dispute_none: 'Je n’ai pas trouvé de course terminée récente à signaler, j’ai donc transmis ceci à une personne du support.',
  lost_item_ride: 'Retrouvons-le : signalez-le sur votre course vers {dropoff} avec {driver} (jusqu’au {date}) en décrivant l’objet ; le chauffeur et le licencié seront prévenus.',
  lost_item_none: 'Je n’ai pas trouvé de course récente pour cela, j’ai donc demandé à une personne du support de vous aider.',
  safety: 'Si vous êtes en danger, appelez le 911 maintenant. J’ai alerté une personne de notre équipe de support, qui vous répondra ici.',
  escalate_person: 'J’ai transmis votre conversation à {who}. Une personne vous répondra ici.',
  escalate_unsure: 'Je ne suis pas sûr d’avoir compris, j’ai donc transmis votre question à {who}. Une personne vous répondra ici.',
  escalate_admins: 'notre équipe de support',
  escalate_licensee: 'l’équipe de support du licencié local',
  safety_call: 'Si vous êtes en danger, appelez le 911 maintenant. Racontez-nous ensuite ce qui s’est passé dans le chat de support.',
  voice_person: 'Pour parler à une personne, ouvrez le chat de support et demandez-le : on vous répondra là.',
  booking_how_to: 'Saisissez le départ et l’arrivée dans l’onglet Course, vérifiez le prix et touchez Réserver. Une carte est nécessaire avant de réserver.',
  payment_methods: 'Vous avez {count} carte(s) ; celle par défaut est votre {card}. Vous pouvez en ajouter, en retirer ou changer celle par défaut dans l’onglet Paiements.',
  payment_methods_none: 'Vous n’avez pas encore de carte. Ajoutez-en une dans l’onglet Paiements avant de réserver.',
  tip_rating: 'Après la course, vous pouvez noter {driver} et laisser un pourboire depuis l’écran de la course ou son reçu ; 100 % du pourboire va au chauffeur.',
  driver_apply: 'Pour conduire, inscrivez-vous comme chauffeur avec votre permis, votre assurance et votre véhicule ; le licencié local ou un administrateur examine la demande.',
  driver_apply_status: 'Votre demande de chauffeur est {status}.',
  go_online_ready: 'Vous êtes approuvé{territory}. Activez En ligne dans votre tableau de bord et autorisez la localisation ; les demandes proches apparaîtront.',
  go_online_pending: 'Vous pourrez passer en ligne une fois votre demande approuvée ; elle est {status} pour l’instant.',
  earnings: 'Aujourd’hui vous avez gagné {today} sur {todayRides} course(s), {week} cette semaine. {pending} est sous séquestre (prochain versement {next}) et {released} a été versé ; pourboires : {tips}.',
  tier_goals: 'Les niveaux, objectifs et primes des chauffeurs arrivent bientôt. Pour l’instant vous gardez 100 % du prix avant frais et 100 % des pourboires.',
  territory: 'Votre territoire {territory} couvre les codes postaux {zips}.',
  approve_drivers: '{count} demande(s) de chauffeur attendent votre examen dans {territory}. Ouvrez Chauffeurs dans votre tableau de bord pour les approuver ou les refuser.',
  account_language: 'Choisissez votre langue dans le menu des langues en haut de la page ; je réponds dans la langue dans laquelle vous écrivez.',
  not_for_role: 'Cette question concerne un autre type de compte ; je ne vois rien pour le vôtre. Posez-moi une autre question ou je la transmets à une personne.',
  signin: 'Connectez-vous pour que je puisse voir vos courses et vos paiements.',
  voice_unsure: 'Désolé, je n’ai pas compris. Demandez-moi votre chauffeur, votre prix ou votre paiement, ou ouvrez le chat pour parler à une personne.',
};

const zh: Templates = {
  greeting: '{name}，你好！我可以帮你处理行程、车费、付款、取消或遇到的问题。需要什么帮助？',
  thanks: '不客气！还有其他问题吗？',
  where_driver: '{driver} 正开着{vehicle}（{plate}）赶来，距离{pickup}约 {eta} 分钟。',
  where_driver_no_eta: '{driver} 已接单，开着{vehicle}（{plate}）赶来；司机位置稍后会显示在地图上。',
  where_in_progress: '你正和 {driver} 同行：约 {eta} 分钟到达{dropoff}。',
  where_searching: '我们仍在{pickup}附近为你寻找司机，有司机接单会立即通知你。',
  no_active_ride: '你目前没有进行中的行程，可以在“叫车”页预订。',
  fare_ride:
    '你从{pickup}到{dropoff}的行程费用为 {total}：起步价 {base} + {distance} 英里 {distanceFare} + {duration} 分钟 {timeFare} = {subtotal}，另加 3% 平台费 {platformFee} 和 3% 管理费 {adminFee}。司机获得 {driverShare}；价格在预订时已固定（无高峰加价）。',
  fare_general: '车费 = 起步价 {base} + 每英里 {perMile} + 每分钟 {perMinute}，另加 3% 平台费和 3% 管理费。预订前即可看到完整价格，且绝不加价。',
  payment_authorized: '前往{dropoff}的行程已在你的 {card} 上预授权 {total}；行程结束后才会扣款。',
  payment_held: '你为前往{dropoff}的行程支付了 {paid}，款项托管至 {date}，之后发放给司机。',
  payment_released: '你为前往{dropoff}的行程支付了 {paid}，已于 {date} 发放给司机。',
  payment_disputed: '你为前往{dropoff}的行程支付了 {paid}。在本地加盟商处理你的争议期间，款项保持冻结。',
  payment_refunded: '前往{dropoff}的行程已退款 {refunded} 到你的卡上。',
  payment_voided: '前往{dropoff}的行程已取消：卡上的预授权已释放，未扣任何费用。',
  payment_none: '你还没有任何付款记录。',
  escrow_general: '行程结束后，款项会托管 3 天，方便你反映问题；之后再支付给司机和其他收款方。',
  cancel_can: '你现在可以免费取消前往{dropoff}的行程。如需取消，请点下面的按钮。',
  cancel_in_progress: '前往{dropoff}的行程已经开始，无法再取消。如有问题，请告诉我，或在行程结束后反映问题。',
  cancel_none: '你没有可以取消的行程。',
  dispute_can: '很抱歉。你可以在 {date} 之前对前往{dropoff}的行程（{total}）提出问题；款项会保持冻结，由本地加盟商审核。',
  dispute_exists: '你前往{dropoff}的行程已有一个处理中的争议；本地加盟商会作出决定并通知你。',
  dispute_none: '我没有找到最近完成的行程，已将此问题转给客服人员。',
  lost_item_ride: '我们来帮你找回：在与 {driver} 前往{dropoff}的行程中提交报告（截止 {date}）并描述物品，司机和加盟商都会收到通知。',
  lost_item_none: '我没有找到相关的近期行程，已请客服人员来帮助你。',
  safety: '如果你有危险，请立即拨打 911。我已通知我们的客服人员，他们会在这里跟进。',
  escalate_person: '我已将你的对话转给{who}，工作人员会在这里回复你。',
  escalate_unsure: '我不太确定是否理解了你的问题，已转给{who}，工作人员会在这里回复你。',
  escalate_admins: '我们的客服团队',
  escalate_licensee: '本地加盟商的客服团队',
  safety_call: '如果你有危险，请立即拨打 911，然后在客服聊天中告诉我们发生了什么。',
  voice_person: '如需人工服务，请打开客服聊天并提出请求，工作人员会在那里回复你。',
  booking_how_to: '在“叫车”页输入上车点和目的地，确认价格后点“预订”。预订前需要先添加银行卡。',
  payment_methods: '你有 {count} 张卡，默认卡是 {card}。可在“付款”页添加、删除或更改默认卡。',
  payment_methods_none: '你还没有银行卡，请先在“付款”页添加后再预订。',
  tip_rating: '行程结束后，你可以在行程页面或收据上为 {driver} 评分并给小费；小费 100% 归司机。',
  driver_apply: '想当司机，请用驾照、保险和车辆信息注册司机账号；本地加盟商或管理员会审核申请。',
  driver_apply_status: '你的司机申请状态：{status}。',
  go_online_ready: '你已通过审核{territory}。在控制台打开“在线”并允许共享位置，附近的订单就会出现。',
  go_online_pending: '申请通过后才能上线；目前状态：{status}。',
  earnings: '你今天完成 {todayRides} 单，收入 {today}；本周 {week}。托管中 {pending}（下次发放 {next}），已发放 {released}；小费累计 {tips}。',
  tier_goals: '司机等级、目标和奖励即将推出。目前你可获得扣费前车费的 100% 和全部小费。',
  territory: '你的区域 {territory} 覆盖邮编 {zips}。',
  approve_drivers: '{territory} 有 {count} 份司机申请等待你审核。请在控制台的“司机”页批准或拒绝。',
  account_language: '请在页面顶部的语言菜单中选择语言；你用什么语言提问，我就用什么语言回答。',
  not_for_role: '这个问题适用于其他类型的账号，我在你的账号中没有找到相关信息。你可以问别的，或由我转给工作人员。',
  signin: '请先登录，这样我才能查看你的行程和付款。',
  voice_unsure: '抱歉，我没听明白。你可以问司机在哪、车费或付款情况，或打开聊天联系工作人员。',
};

/** The core languages: the replies of the core intents (ride, fare, payment, cancel, dispute, safety, people). */
type CoreKey =
  | 'greeting'
  | 'thanks'
  | 'where_driver'
  | 'where_searching'
  | 'no_active_ride'
  | 'fare_ride'
  | 'fare_general'
  | 'payment_held'
  | 'payment_released'
  | 'payment_none'
  | 'escrow_general'
  | 'cancel_can'
  | 'cancel_none'
  | 'dispute_can'
  | 'safety'
  | 'escalate_person'
  | 'escalate_unsure';
type CoreTemplates = Partial<Templates> & Record<CoreKey, string>;

const pt: CoreTemplates = {
  greeting: 'Olá {name}! Posso ajudar com sua corrida, o preço, pagamentos, cancelamento ou um problema. Do que você precisa?',
  thanks: 'De nada! Mais alguma coisa?',
  where_driver: '{driver} está a caminho num {vehicle} ({plate}), a cerca de {eta} min de {pickup}.',
  where_searching: 'Ainda estamos procurando um motorista perto de {pickup}.',
  no_active_ride: 'Você não tem nenhuma corrida ativa agora.',
  fare_ride: 'Sua corrida de {pickup} a {dropoff} custa {total}: base {base} + distância {distanceFare} + tempo {timeFare}, mais as taxas de 3% + 3% ({platformFee} + {adminFee}). O motorista recebe {driverShare}.',
  fare_general: 'O preço é uma base de {base} mais {perMile} por milha e {perMinute} por minuto, mais 3% + 3% de taxas, sem tarifa dinâmica.',
  payment_held: 'Você pagou {paid} pela corrida até {dropoff}; o valor fica retido até {date} e depois vai para o motorista.',
  payment_released: 'Você pagou {paid} pela corrida até {dropoff}; o valor foi liberado ao motorista em {date}.',
  payment_none: 'Você ainda não tem pagamentos.',
  escrow_general: 'Depois da corrida, o pagamento fica retido 3 dias para você poder relatar um problema; depois o motorista recebe.',
  cancel_can: 'Você pode cancelar sua corrida até {dropoff} agora, sem custo. Use o botão abaixo.',
  cancel_none: 'Você não tem corrida para cancelar.',
  dispute_can: 'Sinto muito. Você pode relatar um problema com a corrida até {dropoff} ({total}) até {date}; o pagamento fica retido durante a análise.',
  safety: 'Se você estiver em perigo, ligue para o 911 agora. Avisei uma pessoa da nossa equipe de suporte, que vai responder aqui.',
  escalate_person: 'Passei sua conversa para {who}. Uma pessoa vai responder aqui.',
  escalate_unsure: 'Não tenho certeza se entendi, então passei sua pergunta para {who}. Uma pessoa vai responder aqui.',
  escalate_admins: 'nossa equipe de suporte',
};

const de: CoreTemplates = {
  greeting: 'Hallo {name}! Ich helfe bei Ihrer Fahrt, dem Preis, Zahlungen, einer Stornierung oder einem Problem. Was brauchen Sie?',
  thanks: 'Gern geschehen! Noch etwas?',
  where_driver: '{driver} ist unterwegs im {vehicle} ({plate}), etwa {eta} Min. von {pickup} entfernt.',
  where_searching: 'Wir suchen noch einen Fahrer in der Nähe von {pickup}.',
  no_active_ride: 'Sie haben gerade keine aktive Fahrt.',
  fare_ride: 'Ihre Fahrt von {pickup} nach {dropoff} kostet {total}: Grundpreis {base} + Strecke {distanceFare} + Zeit {timeFare}, plus 3 % + 3 % Gebühren ({platformFee} + {adminFee}). Der Fahrer erhält {driverShare}.',
  fare_general: 'Der Preis ist ein Grundpreis von {base} plus {perMile} pro Meile und {perMinute} pro Minute, plus 3 % + 3 % Gebühren, ohne Preisaufschlag.',
  payment_held: 'Sie haben {paid} für die Fahrt nach {dropoff} bezahlt; der Betrag wird bis {date} treuhänderisch gehalten und dann an den Fahrer ausgezahlt.',
  payment_released: 'Sie haben {paid} für die Fahrt nach {dropoff} bezahlt; der Betrag wurde am {date} an den Fahrer ausgezahlt.',
  payment_none: 'Sie haben noch keine Zahlungen.',
  escrow_general: 'Nach der Fahrt bleibt die Zahlung 3 Tage treuhänderisch, damit Sie ein Problem melden können; danach wird der Fahrer bezahlt.',
  cancel_can: 'Sie können Ihre Fahrt nach {dropoff} jetzt kostenlos stornieren. Nutzen Sie die Schaltfläche unten.',
  cancel_none: 'Sie haben keine Fahrt zum Stornieren.',
  dispute_can: 'Das tut mir leid. Sie können bis {date} ein Problem mit der Fahrt nach {dropoff} ({total}) melden; die Zahlung bleibt bis zur Prüfung gesperrt.',
  safety: 'Wenn Sie in Gefahr sind, rufen Sie jetzt 911 an. Ich habe eine Person aus unserem Support-Team alarmiert, die hier antwortet.',
  escalate_person: 'Ich habe Ihr Gespräch an {who} übergeben. Eine Person antwortet Ihnen hier.',
  escalate_unsure: 'Ich bin nicht sicher, ob ich Sie verstanden habe, und habe Ihre Frage an {who} übergeben. Eine Person antwortet Ihnen hier.',
  escalate_admins: 'unser Support-Team',
};

const it: CoreTemplates = {
  greeting: 'Ciao {name}! Posso aiutarti con la corsa, il prezzo, i pagamenti, una cancellazione o un problema. Di cosa hai bisogno?',
  thanks: 'Prego! Altro?',
  where_driver: '{driver} sta arrivando con una {vehicle} ({plate}), a circa {eta} min da {pickup}.',
  where_searching: 'Stiamo ancora cercando un autista vicino a {pickup}.',
  no_active_ride: 'Non hai nessuna corsa attiva ora.',
  fare_ride: 'La corsa da {pickup} a {dropoff} costa {total}: base {base} + distanza {distanceFare} + tempo {timeFare}, più le commissioni del 3% + 3% ({platformFee} + {adminFee}). L’autista riceve {driverShare}.',
  fare_general: 'Il prezzo è una base di {base} più {perMile} al miglio e {perMinute} al minuto, più il 3% + 3% di commissioni, senza aumenti dinamici.',
  payment_held: 'Hai pagato {paid} per la corsa verso {dropoff}; l’importo resta in deposito fino al {date}, poi va all’autista.',
  payment_released: 'Hai pagato {paid} per la corsa verso {dropoff}; è stato versato all’autista il {date}.',
  payment_none: 'Non hai ancora pagamenti.',
  escrow_general: 'Dopo la corsa il pagamento resta in deposito 3 giorni per poter segnalare un problema; poi l’autista viene pagato.',
  cancel_can: 'Puoi annullare ora la corsa verso {dropoff}, gratuitamente. Usa il pulsante qui sotto.',
  cancel_none: 'Non hai corse da annullare.',
  dispute_can: 'Mi dispiace. Puoi segnalare un problema con la corsa verso {dropoff} ({total}) fino al {date}; il pagamento resta bloccato durante la verifica.',
  safety: 'Se sei in pericolo, chiama subito il 911. Ho avvisato una persona del nostro supporto, che ti risponderà qui.',
  escalate_person: 'Ho passato la conversazione a {who}. Una persona ti risponderà qui.',
  escalate_unsure: 'Non sono sicuro di aver capito, quindi ho passato la domanda a {who}. Una persona ti risponderà qui.',
  escalate_admins: 'il nostro team di supporto',
};

const ru: CoreTemplates = {
  greeting: 'Здравствуйте, {name}! Я помогу с поездкой, её стоимостью, оплатой, отменой или проблемой. Что нужно?',
  thanks: 'Пожалуйста! Что-нибудь ещё?',
  where_driver: '{driver} едет к вам на {vehicle} ({plate}), примерно {eta} мин до {pickup}.',
  where_searching: 'Мы всё ещё ищем водителя рядом с {pickup}.',
  no_active_ride: 'Сейчас у вас нет активной поездки.',
  fare_ride: 'Поездка от {pickup} до {dropoff} стоит {total}: база {base} + расстояние {distanceFare} + время {timeFare}, плюс сборы 3% + 3% ({platformFee} + {adminFee}). Водитель получает {driverShare}.',
  fare_general: 'Цена: база {base} плюс {perMile} за милю и {perMinute} за минуту, плюс сборы 3% + 3%, без повышающих коэффициентов.',
  payment_held: 'Вы заплатили {paid} за поездку до {dropoff}; сумма удерживается до {date}, затем переводится водителю.',
  payment_released: 'Вы заплатили {paid} за поездку до {dropoff}; сумма переведена водителю {date}.',
  payment_none: 'У вас пока нет платежей.',
  escrow_general: 'После поездки оплата удерживается 3 дня, чтобы вы могли сообщить о проблеме; затем её получает водитель.',
  cancel_can: 'Вы можете бесплатно отменить поездку до {dropoff} сейчас. Нажмите кнопку ниже.',
  cancel_none: 'У вас нет поездки для отмены.',
  dispute_can: 'Сожалею. Сообщить о проблеме с поездкой до {dropoff} ({total}) можно до {date}; оплата удерживается на время проверки.',
  safety: 'Если вы в опасности, немедленно позвоните 911. Я предупредил сотрудника поддержки, он ответит здесь.',
  escalate_person: 'Я передал разговор: {who}. Вам ответит человек здесь.',
  escalate_unsure: 'Я не уверен, что понял, поэтому передал вопрос: {who}. Вам ответит человек здесь.',
  escalate_admins: 'наша служба поддержки',
};

const tr: CoreTemplates = {
  greeting: 'Merhaba {name}! Yolculuğunuz, ücreti, ödemeler, iptal veya bir sorun konusunda yardımcı olabilirim. Ne lazım?',
  thanks: 'Rica ederim! Başka bir şey?',
  where_driver: '{driver} {vehicle} ({plate}) ile yolda, {pickup} noktasına yaklaşık {eta} dk uzaklıkta.',
  where_searching: '{pickup} yakınında hâlâ bir sürücü arıyoruz.',
  no_active_ride: 'Şu anda aktif bir yolculuğunuz yok.',
  fare_ride: '{pickup} - {dropoff} yolculuğunuz {total}: taban {base} + mesafe {distanceFare} + süre {timeFare}, artı %3 + %3 ücret ({platformFee} + {adminFee}). Sürücü {driverShare} alır.',
  fare_general: 'Ücret, {base} taban artı mil başına {perMile} ve dakika başına {perMinute}, artı %3 + %3 ücrettir; ani fiyat artışı yoktur.',
  payment_held: '{dropoff} yolculuğu için {paid} ödediniz; tutar {date} tarihine kadar emanette tutulur, sonra sürücüye aktarılır.',
  payment_released: '{dropoff} yolculuğu için {paid} ödediniz; tutar {date} tarihinde sürücüye aktarıldı.',
  payment_none: 'Henüz ödemeniz yok.',
  escrow_general: 'Yolculuktan sonra ödeme, sorun bildirebilmeniz için 3 gün emanette kalır; sonra sürücüye ödenir.',
  cancel_can: '{dropoff} yolculuğunuzu şimdi ücretsiz iptal edebilirsiniz. Aşağıdaki düğmeyi kullanın.',
  cancel_none: 'İptal edilecek bir yolculuğunuz yok.',
  dispute_can: 'Üzgünüm. {dropoff} yolculuğu ({total}) için {date} tarihine kadar sorun bildirebilirsiniz; inceleme sürerken ödeme bekletilir.',
  safety: 'Tehlikedeyseniz hemen 911’i arayın. Destek ekibimizden birini uyardım, size buradan dönecek.',
  escalate_person: 'Konuşmanızı {who} ekibine aktardım. Bir kişi size buradan yanıt verecek.',
  escalate_unsure: 'Anladığımdan emin değilim, sorunuzu {who} ekibine aktardım. Bir kişi size buradan yanıt verecek.',
  escalate_admins: 'destek',
};

const vi: CoreTemplates = {
  greeting: 'Xin chào {name}! Tôi có thể giúp về chuyến đi, giá cước, thanh toán, hủy chuyến hoặc sự cố. Bạn cần gì?',
  thanks: 'Không có gì! Bạn cần gì thêm không?',
  where_driver: '{driver} đang đến bằng xe {vehicle} ({plate}), còn khoảng {eta} phút tới {pickup}.',
  where_searching: 'Chúng tôi vẫn đang tìm tài xế gần {pickup}.',
  no_active_ride: 'Hiện bạn không có chuyến đi nào đang diễn ra.',
  fare_ride: 'Chuyến từ {pickup} đến {dropoff} giá {total}: giá mở cửa {base} + quãng đường {distanceFare} + thời gian {timeFare}, cộng phí 3% + 3% ({platformFee} + {adminFee}). Tài xế nhận {driverShare}.',
  fare_general: 'Giá cước gồm {base} mở cửa, {perMile} mỗi dặm và {perMinute} mỗi phút, cộng phí 3% + 3%, không tăng giá giờ cao điểm.',
  payment_held: 'Bạn đã trả {paid} cho chuyến đến {dropoff}; tiền được giữ đến {date} rồi chuyển cho tài xế.',
  payment_released: 'Bạn đã trả {paid} cho chuyến đến {dropoff}; tiền đã chuyển cho tài xế ngày {date}.',
  payment_none: 'Bạn chưa có khoản thanh toán nào.',
  escrow_general: 'Sau chuyến đi, tiền được giữ 3 ngày để bạn có thể báo sự cố; sau đó tài xế mới được trả.',
  cancel_can: 'Bạn có thể hủy miễn phí chuyến đến {dropoff} ngay bây giờ. Dùng nút bên dưới.',
  cancel_none: 'Bạn không có chuyến nào để hủy.',
  dispute_can: 'Rất tiếc. Bạn có thể báo sự cố về chuyến đến {dropoff} ({total}) đến hết {date}; tiền được giữ trong lúc xem xét.',
  safety: 'Nếu bạn đang gặp nguy hiểm, hãy gọi 911 ngay. Tôi đã báo cho nhân viên hỗ trợ, họ sẽ trả lời bạn tại đây.',
  escalate_person: 'Tôi đã chuyển cuộc trò chuyện cho {who}. Một nhân viên sẽ trả lời bạn tại đây.',
  escalate_unsure: 'Tôi không chắc đã hiểu, nên đã chuyển câu hỏi cho {who}. Một nhân viên sẽ trả lời bạn tại đây.',
  escalate_admins: 'đội hỗ trợ',
};

const sw: CoreTemplates = {
  greeting: 'Habari {name}! Naweza kukusaidia na safari yako, nauli, malipo, kughairi au tatizo. Unahitaji nini?',
  thanks: 'Karibu! Kuna kingine?',
  where_driver: '{driver} yuko njiani na {vehicle} ({plate}), takriban dakika {eta} kufika {pickup}.',
  where_searching: 'Bado tunatafuta dereva karibu na {pickup}.',
  no_active_ride: 'Huna safari inayoendelea sasa.',
  fare_ride: 'Safari yako kutoka {pickup} hadi {dropoff} ni {total}: msingi {base} + umbali {distanceFare} + muda {timeFare}, pamoja na ada za 3% + 3% ({platformFee} + {adminFee}). Dereva anapata {driverShare}.',
  fare_general: 'Nauli ni msingi wa {base} pamoja na {perMile} kwa maili na {perMinute} kwa dakika, na ada za 3% + 3%, bila kupanda bei.',
  payment_held: 'Ulilipa {paid} kwa safari ya {dropoff}; pesa zinashikiliwa hadi {date}, kisha zinapelekwa kwa dereva.',
  payment_released: 'Ulilipa {paid} kwa safari ya {dropoff}; pesa zilitolewa kwa dereva tarehe {date}.',
  payment_none: 'Bado huna malipo yoyote.',
  escrow_general: 'Baada ya safari, malipo yanashikiliwa siku 3 ili uweze kuripoti tatizo; kisha dereva analipwa.',
  cancel_can: 'Unaweza kughairi safari yako ya {dropoff} sasa bila malipo. Tumia kitufe hapa chini.',
  cancel_none: 'Huna safari ya kughairi.',
  dispute_can: 'Samahani. Unaweza kuripoti tatizo la safari ya {dropoff} ({total}) hadi {date}; malipo yanashikiliwa wakati wa ukaguzi.',
  safety: 'Ukiwa hatarini, piga 911 sasa. Nimemjulisha mtu wa timu yetu ya msaada, atakujibu hapa.',
  escalate_person: 'Nimepeleka mazungumzo yako kwa {who}. Mtu atakujibu hapa.',
  escalate_unsure: 'Sina uhakika nimeelewa, kwa hiyo nimepeleka swali lako kwa {who}. Mtu atakujibu hapa.',
  escalate_admins: 'timu yetu ya msaada',
};

const hi: CoreTemplates = {
  greeting: 'नमस्ते {name}! मैं आपकी राइड, किराए, भुगतान, रद्द करने या किसी समस्या में मदद कर सकता हूँ। क्या चाहिए?',
  thanks: 'आपका स्वागत है! और कुछ?',
  where_driver: '{driver} {vehicle} ({plate}) में आ रहे हैं, {pickup} से लगभग {eta} मिनट दूर।',
  where_searching: 'हम अभी भी {pickup} के पास ड्राइवर ढूँढ रहे हैं।',
  no_active_ride: 'अभी आपकी कोई सक्रिय राइड नहीं है।',
  fare_ride: '{pickup} से {dropoff} तक की राइड {total} की है: बेस {base} + दूरी {distanceFare} + समय {timeFare}, साथ में 3% + 3% शुल्क ({platformFee} + {adminFee})। ड्राइवर को {driverShare} मिलते हैं।',
  fare_general: 'किराया {base} बेस + प्रति मील {perMile} + प्रति मिनट {perMinute}, साथ में 3% + 3% शुल्क है; कोई सर्ज नहीं।',
  payment_held: 'आपने {dropoff} की राइड के लिए {paid} चुकाए; राशि {date} तक एस्क्रो में रहेगी, फिर ड्राइवर को मिलेगी।',
  payment_released: 'आपने {dropoff} की राइड के लिए {paid} चुकाए; राशि {date} को ड्राइवर को दे दी गई।',
  payment_none: 'आपका अभी कोई भुगतान नहीं है।',
  escrow_general: 'राइड के बाद भुगतान 3 दिन एस्क्रो में रहता है ताकि आप समस्या बता सकें; फिर ड्राइवर को भुगतान होता है।',
  cancel_can: 'आप {dropoff} की अपनी राइड अभी मुफ़्त में रद्द कर सकते हैं। नीचे का बटन दबाएँ।',
  cancel_none: 'आपके पास रद्द करने के लिए कोई राइड नहीं है।',
  dispute_can: 'माफ़ कीजिए। आप {dropoff} की राइड ({total}) की समस्या {date} तक बता सकते हैं; जाँच तक भुगतान रोका रहेगा।',
  safety: 'अगर आप खतरे में हैं तो अभी 911 पर कॉल करें। मैंने हमारी सहायता टीम के एक व्यक्ति को सूचित कर दिया है, वे यहीं जवाब देंगे।',
  escalate_person: 'मैंने आपकी बातचीत {who} को भेज दी है। एक व्यक्ति यहीं जवाब देगा।',
  escalate_unsure: 'मुझे पक्का नहीं कि मैं समझा, इसलिए आपका सवाल {who} को भेज दिया है। एक व्यक्ति यहीं जवाब देगा।',
  escalate_admins: 'हमारी सहायता टीम',
};

const ar: CoreTemplates = {
  greeting: 'مرحبًا {name}! يمكنني مساعدتك في رحلتك وأجرتها والمدفوعات والإلغاء أو أي مشكلة. ماذا تحتاج؟',
  thanks: 'على الرحب والسعة! هل من شيء آخر؟',
  where_driver: '{driver} في الطريق بسيارة {vehicle} ({plate})، على بعد نحو {eta} دقيقة من {pickup}.',
  where_searching: 'ما زلنا نبحث عن سائق قرب {pickup}.',
  no_active_ride: 'ليست لديك رحلة نشطة الآن.',
  fare_ride: 'رحلتك من {pickup} إلى {dropoff} تكلف {total}: الأساس {base} + المسافة {distanceFare} + الوقت {timeFare}، إضافة إلى رسوم 3% + 3% ({platformFee} + {adminFee}). يحصل السائق على {driverShare}.',
  fare_general: 'الأجرة أساس {base} و{perMile} لكل ميل و{perMinute} لكل دقيقة، مع رسوم 3% + 3%، بلا أسعار ذروة.',
  payment_held: 'دفعت {paid} لرحلة {dropoff}؛ يُحتجز المبلغ حتى {date} ثم يُحوَّل إلى السائق.',
  payment_released: 'دفعت {paid} لرحلة {dropoff}؛ حُوِّل المبلغ إلى السائق في {date}.',
  payment_none: 'ليست لديك مدفوعات بعد.',
  escrow_general: 'بعد الرحلة يبقى المبلغ محتجزًا 3 أيام لتتمكن من الإبلاغ عن مشكلة، ثم يُدفع للسائق.',
  cancel_can: 'يمكنك إلغاء رحلتك إلى {dropoff} الآن مجانًا. استخدم الزر أدناه.',
  cancel_none: 'ليست لديك رحلة لإلغائها.',
  dispute_can: 'نأسف لذلك. يمكنك الإبلاغ عن مشكلة في رحلة {dropoff} ({total}) حتى {date}؛ ويبقى المبلغ محتجزًا أثناء المراجعة.',
  safety: 'إذا كنت في خطر فاتصل بـ 911 الآن. لقد نبّهت أحد أفراد فريق الدعم وسيرد عليك هنا.',
  escalate_person: 'أحلت محادثتك إلى {who}. سيرد عليك شخص هنا.',
  escalate_unsure: 'لست متأكدًا من أنني فهمت، لذا أحلت سؤالك إلى {who}. سيرد عليك شخص هنا.',
  escalate_admins: 'فريق الدعم',
};

const ja: CoreTemplates = {
  greeting: '{name}さん、こんにちは！乗車、料金、支払い、キャンセル、トラブルについてお手伝いします。',
  thanks: 'どういたしまして！ほかに何かありますか？',
  where_driver: '{driver}さんが{vehicle}（{plate}）で向かっています。{pickup}まで約{eta}分です。',
  where_searching: '{pickup}付近でドライバーを探しています。',
  no_active_ride: '現在進行中の乗車はありません。',
  fare_ride: '{pickup}から{dropoff}までの料金は{total}です：基本料金{base}＋距離{distanceFare}＋時間{timeFare}、さらに3%＋3%の手数料（{platformFee}＋{adminFee}）。ドライバーの取り分は{driverShare}です。',
  fare_general: '料金は基本料金{base}＋1マイル{perMile}＋1分{perMinute}に、3%＋3%の手数料を加えたものです。割増料金はありません。',
  payment_held: '{dropoff}までの乗車で{paid}をお支払いいただきました。{date}まで預かり、その後ドライバーに支払われます。',
  payment_released: '{dropoff}までの乗車で{paid}をお支払いいただきました。{date}にドライバーへ支払われました。',
  payment_none: 'まだ支払いはありません。',
  escrow_general: '乗車後、問題を報告できるよう支払いは3日間預かり、その後ドライバーに支払われます。',
  cancel_can: '{dropoff}までの乗車は今なら無料でキャンセルできます。下のボタンを使ってください。',
  cancel_none: 'キャンセルできる乗車はありません。',
  dispute_can: '申し訳ありません。{dropoff}までの乗車（{total}）の問題は{date}まで報告できます。確認中は支払いが保留されます。',
  safety: '危険な状況なら今すぐ911に電話してください。サポート担当者に連絡しました。ここで対応します。',
  escalate_person: '会話を{who}に引き継ぎました。担当者がここで回答します。',
  escalate_unsure: '理解できたか自信がないため、質問を{who}に引き継ぎました。担当者がここで回答します。',
  escalate_admins: 'サポートチーム',
};

const ko: CoreTemplates = {
  greeting: '{name}님, 안녕하세요! 승차, 요금, 결제, 취소 또는 문제를 도와드릴 수 있어요.',
  thanks: '천만에요! 더 필요한 것이 있나요?',
  where_driver: '{driver}님이 {vehicle}({plate})로 오고 있어요. {pickup}까지 약 {eta}분 남았어요.',
  where_searching: '{pickup} 근처에서 아직 기사님을 찾고 있어요.',
  no_active_ride: '지금 진행 중인 승차가 없어요.',
  fare_ride: '{pickup}에서 {dropoff}까지 요금은 {total}이에요: 기본 {base} + 거리 {distanceFare} + 시간 {timeFare}, 그리고 3% + 3% 수수료({platformFee} + {adminFee}). 기사님은 {driverShare}를 받아요.',
  fare_general: '요금은 기본 {base}에 마일당 {perMile}, 분당 {perMinute}, 그리고 3% + 3% 수수료예요. 할증은 없어요.',
  payment_held: '{dropoff}행 승차에 {paid}를 결제했어요. {date}까지 보관된 뒤 기사님께 지급돼요.',
  payment_released: '{dropoff}행 승차에 {paid}를 결제했어요. {date}에 기사님께 지급됐어요.',
  payment_none: '아직 결제 내역이 없어요.',
  escrow_general: '승차 후 문제를 신고할 수 있도록 결제 금액은 3일간 보관된 뒤 기사님께 지급돼요.',
  cancel_can: '{dropoff}행 승차는 지금 무료로 취소할 수 있어요. 아래 버튼을 사용하세요.',
  cancel_none: '취소할 승차가 없어요.',
  dispute_can: '죄송해요. {dropoff}행 승차({total})의 문제는 {date}까지 신고할 수 있어요. 검토 중에는 결제가 보류돼요.',
  safety: '위험하다면 지금 바로 911에 전화하세요. 지원팀 담당자에게 알렸고, 여기서 답변드릴 거예요.',
  escalate_person: '대화를 {who}에게 전달했어요. 담당자가 여기서 답변할 거예요.',
  escalate_unsure: '제대로 이해했는지 확실하지 않아 질문을 {who}에게 전달했어요. 담당자가 여기서 답변할 거예요.',
  escalate_admins: '지원팀',
};

const th: CoreTemplates = {
  greeting: 'สวัสดี {name}! ฉันช่วยเรื่องการเดินทาง ค่าโดยสาร การชำระเงิน การยกเลิก หรือปัญหาได้ ต้องการอะไรคะ',
  thanks: 'ยินดีค่ะ! มีอะไรอีกไหม',
  where_driver: '{driver} กำลังมาด้วย {vehicle} ({plate}) อีกประมาณ {eta} นาทีถึง {pickup}',
  where_searching: 'เรายังหาคนขับใกล้ {pickup} อยู่',
  no_active_ride: 'ตอนนี้คุณไม่มีการเดินทางที่กำลังดำเนินอยู่',
  fare_ride: 'การเดินทางจาก {pickup} ไป {dropoff} ราคา {total}: ค่าเริ่มต้น {base} + ระยะทาง {distanceFare} + เวลา {timeFare} บวกค่าธรรมเนียม 3% + 3% ({platformFee} + {adminFee}) คนขับได้รับ {driverShare}',
  fare_general: 'ค่าโดยสารคือค่าเริ่มต้น {base} บวก {perMile} ต่อไมล์ และ {perMinute} ต่อนาที บวกค่าธรรมเนียม 3% + 3% ไม่มีการขึ้นราคา',
  payment_held: 'คุณจ่าย {paid} สำหรับการเดินทางไป {dropoff} เงินถูกพักไว้ถึง {date} แล้วจึงโอนให้คนขับ',
  payment_released: 'คุณจ่าย {paid} สำหรับการเดินทางไป {dropoff} เงินโอนให้คนขับแล้วเมื่อ {date}',
  payment_none: 'คุณยังไม่มีรายการชำระเงิน',
  escrow_general: 'หลังการเดินทาง เงินจะถูกพักไว้ 3 วันเพื่อให้คุณแจ้งปัญหาได้ จากนั้นจึงจ่ายให้คนขับ',
  cancel_can: 'คุณยกเลิกการเดินทางไป {dropoff} ได้ฟรีตอนนี้ ใช้ปุ่มด้านล่าง',
  cancel_none: 'คุณไม่มีการเดินทางที่จะยกเลิก',
  dispute_can: 'ขออภัย คุณแจ้งปัญหาการเดินทางไป {dropoff} ({total}) ได้ถึง {date} ระหว่างตรวจสอบเงินจะถูกพักไว้',
  safety: 'หากคุณตกอยู่ในอันตราย โทร 911 ทันที ฉันแจ้งเจ้าหน้าที่ฝ่ายช่วยเหลือแล้ว และเขาจะตอบคุณที่นี่',
  escalate_person: 'ฉันส่งบทสนทนาของคุณให้ {who} แล้ว เจ้าหน้าที่จะตอบคุณที่นี่',
  escalate_unsure: 'ฉันไม่แน่ใจว่าเข้าใจถูก จึงส่งคำถามให้ {who} แล้ว เจ้าหน้าที่จะตอบคุณที่นี่',
  escalate_admins: 'ทีมช่วยเหลือ',
};

const my: CoreTemplates = {
  greeting: 'မင်္ဂလာပါ {name}! ခရီးစဉ်၊ ခရီးခ၊ ငွေပေးချေမှု၊ ပယ်ဖျက်ခြင်း သို့မဟုတ် ပြဿနာအတွက် ကူညီပေးနိုင်ပါတယ်။',
  thanks: 'ရပါတယ်! နောက်ထပ် ဘာလိုသေးလဲ။',
  where_driver: '{driver} သည် {vehicle} ({plate}) ဖြင့် လာနေပြီး {pickup} သို့ {eta} မိနစ်ခန့် လိုပါသေးတယ်။',
  where_searching: '{pickup} အနီးတွင် ယာဉ်မောင်းကို ရှာနေဆဲပါ။',
  no_active_ride: 'လက်ရှိ ခရီးစဉ် မရှိပါ။',
  fare_ride: '{pickup} မှ {dropoff} ခရီးခ {total}: အခြေခံ {base} + အကွာအဝေး {distanceFare} + အချိန် {timeFare}၊ အခကြေးငွေ 3% + 3% ({platformFee} + {adminFee})။ ယာဉ်မောင်းက {driverShare} ရပါတယ်။',
  fare_general: 'ခရီးခသည် အခြေခံ {base}၊ မိုင်လျှင် {perMile}၊ မိနစ်လျှင် {perMinute} နှင့် အခကြေးငွေ 3% + 3% ဖြစ်ပြီး ဈေးတက်ခြင်း မရှိပါ။',
  payment_held: '{dropoff} ခရီးအတွက် {paid} ပေးခဲ့ပြီး {date} အထိ ထိန်းထားပြီးမှ ယာဉ်မောင်းထံ ပေးပါမယ်။',
  payment_released: '{dropoff} ခရီးအတွက် {paid} ပေးခဲ့ပြီး {date} တွင် ယာဉ်မောင်းထံ ပေးပြီးပါပြီ။',
  payment_none: 'ငွေပေးချေမှု မရှိသေးပါ။',
  escrow_general: 'ခရီးပြီးနောက် ပြဿနာတင်ပြနိုင်ရန် ငွေကို ၃ ရက် ထိန်းထားပြီးမှ ယာဉ်မောင်းထံ ပေးပါတယ်။',
  cancel_can: '{dropoff} ခရီးကို ယခု အခမဲ့ ပယ်ဖျက်နိုင်ပါတယ်။ အောက်က ခလုတ်ကို သုံးပါ။',
  cancel_none: 'ပယ်ဖျက်စရာ ခရီးစဉ် မရှိပါ။',
  dispute_can: 'စိတ်မကောင်းပါဘူး။ {dropoff} ခရီး ({total}) အတွက် ပြဿနာကို {date} အထိ တင်ပြနိုင်ပါတယ်။',
  safety: 'အန္တရာယ်ရှိပါက 911 ကို ချက်ချင်း ခေါ်ပါ။ အကူအညီအဖွဲ့ဝင်တစ်ဦးကို အသိပေးထားပြီး ဒီမှာ ပြန်ဖြေပါမယ်။',
  escalate_person: 'သင့်စကားဝိုင်းကို {who} ထံ လွှဲပေးပြီးပါပြီ။ လူတစ်ဦးက ဒီမှာ ပြန်ဖြေပါမယ်။',
  escalate_unsure: 'နားလည်မှု မသေချာသဖြင့် သင့်မေးခွန်းကို {who} ထံ လွှဲပေးပြီးပါပြီ။ လူတစ်ဦးက ဒီမှာ ပြန်ဖြေပါမယ်။',
  escalate_admins: 'အကူအညီအဖွဲ့',
};

const templates: Record<string, Partial<Templates>> = { en, es, fr, zh, pt, de, it, ru, tr, vi, sw, hi, ar, ja, ko, th, my };

/** The languages that have their own reply texts (the others are answered in English). */
export const replyLanguages = Object.keys(templates);

/** The language a reply is written in: the asked one when it has that reply, else English. */
export function replyLanguage(key: ReplyKey, language: string): string {
  return templates[language]?.[key] ? language : 'en';
}

/** Fills a template; unknown placeholders are left out rather than shown as {braces}. */
export function render(key: ReplyKey, language: string, values: Record<string, string | number> = {}): string {
  const template = templates[replyLanguage(key, language)]![key]!;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (values[name] === undefined ? '' : String(values[name])));
}

/** Application status words, for driver_apply_status and go_online_pending. */
const statusWords: Record<string, Record<string, string>> = {
  en: { pending: 'pending', under_review: 'under review', approved: 'approved', rejected: 'rejected' },
  es: { pending: 'pendiente', under_review: 'en revisión', approved: 'aprobada', rejected: 'rechazada' },
  fr: { pending: 'en attente', under_review: 'en cours d’examen', approved: 'approuvée', rejected: 'refusée' },
  zh: { pending: '待审核', under_review: '审核中', approved: '已通过', rejected: '未通过' },
};

export function statusWord(status: string, language: string): string {
  return (statusWords[language] ?? statusWords.en!)[status] ?? status;
}

const locales: Record<string, string> = { en: 'en-US', es: 'es-US', fr: 'fr-FR', zh: 'zh-CN', pt: 'pt-BR', de: 'de-DE', it: 'it-IT', ru: 'ru-RU', tr: 'tr-TR', vi: 'vi-VN', sw: 'sw-KE', hi: 'hi-IN', ar: 'ar', ja: 'ja-JP', ko: 'ko-KR', th: 'th-TH', my: 'my-MM' };

/** Cents as dollars in the reply's language ("$14.90" in English, "14,90 US$" in Spanish…). */
export function formatMoney(cents: number, language: string): string {
  return new Intl.NumberFormat(locales[language] ?? 'en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** A date and time in the reply's language, in UTC (the server does not know the user's time zone). */
export function formatDate(iso: string | Date, language: string): string {
  return new Intl.DateTimeFormat(locales[language] ?? 'en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(
    typeof iso === 'string' ? new Date(iso) : iso,
  );
}

/** Minutes and miles, rounded for speech and reading. */
export function formatNumber(value: number, language: string, digits = 1): string {
  return new Intl.NumberFormat(locales[language] ?? 'en-US', { maximumFractionDigits: digits }).format(value);
}
